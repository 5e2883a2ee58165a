import { Link } from 'react-router';
import { useAuth } from '../../lib/auth-context';
import { buttonClassName } from '../../ui/button';

export interface InvitationProblemProps {
  code: 'projects/invitation-not-found' | 'projects/invitation-expired';
}

const problems = {
  'projects/invitation-not-found': {
    title: 'This invitation link is not valid',
    text: 'Check that the whole link was copied from the email, or ask for a new invitation.',
  },
  'projects/invitation-expired': {
    title: 'This invitation has been used, withdrawn or has expired',
    text: 'Invitation links work once, for 7 days. Ask the person who invited you to send a new one.',
  },
} as const;

/** An invitation link that cannot be used: why, and where to go instead. */
export function InvitationProblem({ code }: InvitationProblemProps) {
  const { isAuthenticated } = useAuth();
  const { title, text } = problems[code];
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-muted">{text}</p>
      <Link
        to={isAuthenticated ? '/dashboard' : '/'}
        className={buttonClassName({ variant: 'secondary', className: 'self-start' })}
      >
        {isAuthenticated ? 'Go to your projects' : 'Go to the home page'}
      </Link>
    </div>
  );
}
