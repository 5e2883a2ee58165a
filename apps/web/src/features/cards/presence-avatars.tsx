import { Avatar } from '../../ui/avatar';
import type { PresentUser } from './editor/presence';

const shownAtMost = 5;

/** The people who have the card open now (Yjs awareness), as overlapping avatars with their names. */
export function PresenceAvatars({ users }: { users: PresentUser[] }) {
  if (users.length === 0) return null;
  const shown = users.slice(0, shownAtMost);
  const hidden = users.length - shown.length;
  const names = users.map((user) => user.name).join(', ');
  return (
    <ul aria-label={`On this card now: ${names}`} title={names} className="flex items-center -space-x-2">
      {shown.map((user) => (
        <li key={user.userId} className="rounded-full ring-2 ring-bg">
          <Avatar name={user.name} color={user.color} avatarUrl={user.avatarUrl} size={28} />
        </li>
      ))}
      {hidden > 0 ? (
        <li className="inline-flex size-7 items-center justify-center rounded-full bg-surface-strong text-xs ring-2 ring-bg">
          +{hidden}
        </li>
      ) : null}
    </ul>
  );
}
