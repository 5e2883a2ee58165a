import type { ProjectImport } from '@deckhand/contract/transfer';
import type { projectImports } from '../../../db/schema/transfer';

export type ImportRow = typeof projectImports.$inferSelect;

const noCounts = { statuses: 0, cards: 0, chats: 0, messages: 0, tasks: 0, files: 0 };

export function toProjectImport(row: ImportRow): ProjectImport {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    progress: row.status === 'done' ? 1 : row.progress,
    project_id: row.status === 'done' ? row.projectId : null,
    counts: row.counts ?? noCounts,
    warnings: row.warnings,
    error: row.error,
    created_at: row.createdAt.toISOString(),
  };
}

/** Where an upload waits for its import; the retention lists this prefix. */
export const importPrefix = 'imports/';

export function importKey(importId: string): string {
  return `${importPrefix}${importId}`;
}
