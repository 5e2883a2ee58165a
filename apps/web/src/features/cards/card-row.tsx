import { Link } from 'react-router';
import { formatExactTime, formatRelativeTime } from '../../lib/relative-time';
import type { ClientCard } from './api';
import { cardPath } from './paths';

export interface CardRowProps {
  card: ClientCard;
  now: number;
}

function chatCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'chat' : 'chats'}`;
}

/** One card in the list: its title (the link), the start of its body, its chats and when it last changed. */
export function CardRow({ card, now }: CardRowProps) {
  return (
    <li className="relative flex flex-col gap-1 px-4 py-3 hover:bg-surface focus-within:bg-surface">
      <div className="flex items-baseline justify-between gap-4">
        <Link
          to={cardPath(card.projectId, card.id)}
          className="min-w-0 truncate font-medium after:absolute after:inset-0 focus-visible:outline-none"
        >
          {card.title}
        </Link>
        <span className="flex shrink-0 gap-3 text-sm text-muted">
          <span>{chatCountLabel(card.chatCount)}</span>
          <time dateTime={card.updatedAt} title={formatExactTime(card.updatedAt)}>
            {formatRelativeTime(card.updatedAt, now)}
          </time>
        </span>
      </div>
      {card.excerpt ? <p className="line-clamp-2 text-sm text-muted">{card.excerpt}</p> : null}
    </li>
  );
}
