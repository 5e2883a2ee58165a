import { Link, useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth-context';
import { formatDate } from '../../lib/format';
import { loginPath } from '../../lib/navigation';
import { Button, buttonClassName } from '../../ui/button';
import { toast } from '../../ui/toast';
import type { AcceptInvitationMutation, InvitationSummary } from './invitation-api';
import { projectErrorMessage, roleLabels } from './messages';

export interface InvitationDetailsProps {
  token: string;
  invitation: InvitationSummary;
  accept: AcceptInvitationMutation;
}

/** Who invites whom to what; signed in, the Accept button; signed out, the ways to sign in and come back. */
export function InvitationDetails({ token, invitation, accept }: InvitationDetailsProps) {
  const { isAuthenticated, user } = useAuth();
  const navigate = useNavigate();
  const here = `/invitations/${token}`;
  const { project, inviter, email, role, expiresAt } = invitation;

  async function handleAccept(): Promise<void> {
    try {
      const { projectId } = await accept.mutateAsync();
      toast.success(`You joined ${project.name}.`);
      navigate(`/${projectId}`);
    } catch (error) {
      // Used-up and unknown links are shown by the page itself.
      console.warn('The invitation was not accepted', error);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold break-words">Join {project.name}</h1>
      <p>
        {inviter.name} invited you to the project <strong>{project.name}</strong> on Deckhand, as{' '}
        {roleLabels[role].toLowerCase()}.
      </p>
      <p className="text-sm text-muted">
        The invitation was sent to {email} and works until {formatDate(expiresAt)}.
      </p>
      {isAuthenticated ? (
        <>
          {user && user.email.toLowerCase() !== email.toLowerCase() ? (
            <p className="rounded-md bg-warning-soft p-3 text-sm">
              You are signed in as {user.email}: accepting adds this account to the project.
            </p>
          ) : null}
          {accept.isError ? (
            <p role="alert" className="rounded-md border border-danger bg-danger-soft p-3 text-sm">
              {projectErrorMessage(accept.error, 'The invitation could not be accepted. Please try again.')}
            </p>
          ) : null}
          <Button onClick={() => void handleAccept()} disabled={accept.isPending} className="self-start">
            Accept invitation
          </Button>
        </>
      ) : (
        <>
          <p>Sign in, or create an account with {email}, to accept. You will come back to this page.</p>
          <div className="flex flex-wrap gap-2">
            <Link to={loginPath('sign-in', here)} className={buttonClassName()}>
              Sign in
            </Link>
            <Link to={loginPath('register', here)} className={buttonClassName({ variant: 'secondary' })}>
              Create account
            </Link>
          </div>
        </>
      )}
    </div>
  );
}
