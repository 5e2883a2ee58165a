import { useId } from 'react';
import { formatExactTime, formatRelativeTime } from '../../lib/relative-time';
import { Button } from '../../ui/button';
import type { ClientToken } from './api';
import { describeExpiry, describeLastUse, describeTokenProjects, isExpired, scopeLabels } from './token-labels';

export interface TokenItemProps {
  token: ClientToken;
  /** The person's projects, to name those the token is limited to; undefined until loaded. */
  projects: readonly { id: string; name: string }[] | undefined;
  now: number;
  onRevoke(): void;
}

/** One token: named by its name (the list item's accessible name too), what it may do, and when it was used. */
export function TokenItem({ token, projects, now, onRevoke }: TokenItemProps) {
  const nameId = useId();
  const expired = isExpired(token.expiresAt, now);
  return (
    <li aria-labelledby={nameId} className="flex items-start gap-3 px-3 py-2">
      <div className="min-w-0 flex-1">
        <p id={nameId} className="truncate font-medium" title={token.name}>
          {token.name}
        </p>
        <p className="text-sm text-muted">
          {scopeLabels[token.scope]} · <span className="font-mono">…{token.tokenHint}</span> ·{' '}
          {describeTokenProjects(token.projectIds, projects)}
        </p>
        <p className="text-sm text-muted">
          Created{' '}
          <time dateTime={token.createdAt} title={formatExactTime(token.createdAt)}>
            {formatRelativeTime(token.createdAt, now)}
          </time>{' '}
          · <span className={expired ? 'text-danger' : undefined}>{describeExpiry(token.expiresAt, now)}</span> ·{' '}
          {token.lastUsedAt ? (
            <time dateTime={token.lastUsedAt} title={formatExactTime(token.lastUsedAt)}>
              {describeLastUse(token.lastUsedAt, now)}
            </time>
          ) : (
            describeLastUse(null, now)
          )}
        </p>
      </div>
      {/* Named "Revoke" alone, described by the token's name: the list item says which token. */}
      <Button variant="ghost" size="sm" className="shrink-0" aria-describedby={nameId} onClick={onRevoke}>
        Revoke
      </Button>
    </li>
  );
}
