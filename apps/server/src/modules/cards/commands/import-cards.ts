import * as Y from 'yjs';
import type { Db } from '../../../db/client';
import { cards } from '../../../db/schema/cards';
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

/** Whether `state` is a body this server would keep: a Yjs update within the editor's bound. */
export function isStorableBody(state: Uint8Array): boolean {
  if (state.byteLength > bodyMaxBytes) return false;
  try {
    const doc = new Y.Doc();
    Y.applyUpdate(doc, state);
    doc.destroy();
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes imported cards as they were (modules/transfer): their bodies as given, compacted, with the plain text
 * beside them as for an edited body. No events: the import announces the whole project once it is complete.
 */
export async function importCards(db: Db, rows: ImportedCard[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(cards).values(
    rows.map((row) => {
      let bodyState: Buffer | null = null;
      let bodyText = '';
      if (row.bodyState) {
        const doc = new Y.Doc();
        Y.applyUpdate(doc, row.bodyState);
        bodyState = Buffer.from(Y.encodeStateAsUpdate(doc));
        bodyText = plainTextOf(doc);
        doc.destroy();
      }
      return {
        id: row.id,
        projectId: row.projectId,
        title: row.title,
        archivedAt: row.archivedAt,
        createdBy: row.createdBy,
        createdByName: row.createdByName,
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
        bodyState,
        bodyText,
      };
    }),
  );
}
