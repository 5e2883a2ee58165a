import type { ApiToken } from '@deckhand/contract/tokens';
import type { apiTokens } from '../../../db/schema/tokens';

export function tokenDto(row: typeof apiTokens.$inferSelect): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    project_ids: row.projectIds,
    token_hint: row.tokenHint,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}
