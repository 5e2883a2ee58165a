import * as Y from 'yjs';
import { insertBulk } from '../../../db/bulk-insert';
import type { Db } from '../../../db/client';
import { plainTextOf } from '../collab/body-text';
import { bodyMaxBytes } from '../collab/collab-server';

export interface ImportedCard {
  id: string;
  projectId: string;
  title: string;
  archivedAt: Date | null;
  createdBy: string | null;
  createdByName: string;
  createdAt: Date;
  updatedAt: Date;
  /** A Yjs update of the whole body, or null for an empty one. */
  bodyState: Uint8Array | null;
}

/** Whether a body's state is within the bound the editor keeps bodies to (2 MB). */
export function withinBodyBound(state: Uint8Array): boolean {
  return state.byteLength <= bodyMaxBytes;
}

/**
 * Writes imported cards as they were (modules/transfer): their bodies as given, compacted, with the plain text
 * beside them as for an edited body. No events: the import announces the whole project once it is complete.
 */
export async function importCards(db: Db, rows: ImportedCard[]): Promise<void> {
  if (rows.length === 0) return;
  const bodies = rows.map((row) => {
    if (!row.bodyState) return { state: null, text: '' };
    const doc = new Y.Doc();
    Y.applyUpdate(doc, row.bodyState);
    const body = { state: Y.encodeStateAsUpdate(doc), text: plainTextOf(doc) };
    doc.destroy();
    return body;
  });
  await insertBulk(db, 'cards', [
    { name: 'id', type: 'uuid', values: rows.map((row) => row.id) },
    { name: 'project_id', type: 'uuid', values: rows.map((row) => row.projectId) },
    { name: 'title', type: 'text', values: rows.map((row) => row.title) },
    { name: 'body_state', type: 'bytea', values: bodies.map((body) => body.state) },
    { name: 'body_text', type: 'text', values: bodies.map((body) => body.text) },
    { name: 'archived_at', type: 'timestamptz', values: rows.map((row) => row.archivedAt) },
    { name: 'created_by', type: 'uuid', values: rows.map((row) => row.createdBy) },
    { name: 'created_by_name', type: 'text', values: rows.map((row) => row.createdByName) },
    { name: 'created_at', type: 'timestamptz', values: rows.map((row) => row.createdAt) },
    { name: 'updated_at', type: 'timestamptz', values: rows.map((row) => row.updatedAt) },
  ]);
}
