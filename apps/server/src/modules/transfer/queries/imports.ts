import type { ImportList, ProjectImport } from '@deckhand/contract/transfer';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { projectImports } from '../../../db/schema/transfer';
import type { Actor } from '../../../platform/actor';
import { AppError } from '../../../platform/errors';
import { toProjectImport } from '../service/import-dto';

/** An import, to the person who made it only. @throws imports/not-found */
export async function getImport(db: Db, actor: Actor, importId: string): Promise<ProjectImport> {
  const [row] = await db
    .select()
    .from(projectImports)
    .where(and(eq(projectImports.id, importId), eq(projectImports.userId, actor.userId)));
  if (!row) throw new AppError('imports/not-found', 'No such import');
  return toProjectImport(row);
}

/** The caller's imports still kept, newest first. */
export async function listImports(db: Db, actor: Actor): Promise<ImportList> {
  const rows = await db
    .select()
    .from(projectImports)
    .where(eq(projectImports.userId, actor.userId))
    .orderBy(desc(projectImports.id))
    .limit(20);
  return { items: rows.map(toProjectImport) };
}
