import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { errorCodeOf } from '../../lib/api';
import { useAuth } from '../../lib/auth-context';
import { buttonClassName } from '../../ui/button';
import { DotsLoader } from '../../ui/dots-loader';
import { RetryPanel } from '../../ui/retry-panel';
import { SiteHeader } from '../../ui/site-header';
import { invitationQuery, useAcceptInvitation } from './invitation-api';
import { InvitationDetails } from './invitation-details';
import { InvitationProblem } from './invitation-problem';

/** /invitations/:token (public): what the link invites to, and the way to accept it. */
export function InvitationPage() {
  const { token = '' } = useParams();
  const { loading, isAuthenticated } = useAuth();
  const preview = useQuery(invitationQuery(token));
  const accept = useAcceptInvitation(token);
  // A link that worked a moment ago can be used up or revoked by the time it is accepted.
  const code = errorCodeOf(accept.error) ?? errorCodeOf(preview.error);

  function renderContent() {
    if (code === 'projects/invitation-not-found' || code === 'projects/invitation-expired') {
      return <InvitationProblem code={code} />;
    }
    if (preview.data === undefined || loading) {
      if (preview.isError) {
        return (
          <RetryPanel
            message="This invitation could not be loaded."
            onRetry={() => preview.refetch()}
            retrying={preview.isRefetching}
          />
        );
      }
      return <DotsLoader label="Loading invitation" className="py-10" />;
    }
    return <InvitationDetails token={token} invitation={preview.data} accept={accept} />;
  }

  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      <title>Invitation · Deckhand</title>
      <SiteHeader>
        {isAuthenticated ? (
          <Link to="/dashboard" className={buttonClassName({ variant: 'secondary' })}>
            Your projects
          </Link>
        ) : null}
      </SiteHeader>
      <main className="flex flex-1 items-start justify-center px-4 pt-10 pb-12">
        <div className="w-full max-w-md rounded-xl border border-border bg-bg p-6 shadow-sm sm:p-8">
          {renderContent()}
        </div>
      </main>
    </div>
  );
}
