import type { ProjectExport } from '@deckhand/contract/transfer';
import type { projectExports } from '../../../db/schema/transfer';
import type { ExportLinks } from './export-links';

export type ExportRow = typeof projectExports.$inferSelect;

export function toProjectExport(row: ExportRow, links: ExportLinks): ProjectExport {
  return {
    id: row.id,
    project_id: row.projectId,
    status: row.status,
    progress: row.status === 'done' ? 1 : row.progress,
    size: row.size,
    url: row.status === 'done' && row.storageKey ? links.url(row.id) : null,
    error: row.error,
    created_at: row.createdAt.toISOString(),
  };
}

/** Where an export's zip is stored; the retention lists this prefix. */
export const exportPrefix = 'exports/';

export function exportKey(exportId: string): string {
  return `${exportPrefix}${exportId}.zip`;
}
