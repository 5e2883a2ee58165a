import type { ErrorCode } from '@deckhand/contract/error-codes';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';
import { projectLimitOf } from '../../platform/actor';
import { AppError } from '../../platform/errors';

/** How a route's id finds its project, and how a stranger is told it does not exist. */
interface Resolver {
  projectOf: ((id: string) => SQL) | null;
  code: ErrorCode;
  message: string;
}

const byTable = (table: string) => (id: string) =>
  sql`select project_id from ${sql.identifier(table)} where id = ${id}::uuid`;

const resolvers: Record<string, Resolver> = {
  projectId: { projectOf: null, code: 'projects/not-found', message: 'No such project' },
  cardId: { projectOf: byTable('cards'), code: 'cards/not-found', message: 'No such card' },
  chatId: { projectOf: byTable('chats'), code: 'chats/not-found', message: 'No such chat' },
  messageId: { projectOf: byTable('messages'), code: 'messages/not-found', message: 'No such message' },
  fileId: { projectOf: byTable('files'), code: 'files/not-found', message: 'No such file' },
  taskId: { projectOf: byTable('tasks'), code: 'tasks/not-found', message: 'No such task' },
  statusId: { projectOf: byTable('task_statuses'), code: 'statuses/not-found', message: 'No such status' },
  exportId: { projectOf: byTable('project_exports'), code: 'exports/not-found', message: 'No such export' },
};

/**
 * What a token limited to some projects cannot reach at all: site administration, and what makes or joins a
 * project (a new project, an import, an invitation's acceptance) — the new project would lie outside its limit.
 * Matched against the route's pattern, never the URL, which can spell the same route otherwise (`/api//admin`).
 */
const outsideAnyProject = /^\/api\/(?:admin|imports|invitations)(?:\/|$)/;
/** The project list: a token limited to projects reads it (filtered) but cannot add to it. */
const projectList = /^\/api\/projects\/?$/;

async function projectOf(db: Db, resolver: Resolver, id: string): Promise<string | null> {
  if (!resolver.projectOf) return id;
  const [row] = await selectRows(db, z.object({ project_id: z.string().nullable() }), resolver.projectOf(id));
  return row ? row.project_id : null;
}

async function checkLimit(db: Db, req: FastifyRequest, limit: string[]): Promise<void> {
  const route = req.routeOptions.url ?? '';
  if (outsideAnyProject.test(route) || (projectList.test(route) && req.method !== 'GET')) {
    throw new AppError('tokens/insufficient-scope', 'This API token is limited to some projects: it cannot do this');
  }
  const params = (req.params ?? {}) as Record<string, unknown>;
  for (const [name, resolver] of Object.entries(resolvers)) {
    const id = params[name];
    if (typeof id !== 'string') continue;
    const projectId = await projectOf(db, resolver, id);
    // Something that does not exist is the route's to refuse, as it would for anyone.
    if (projectId === null && resolver.projectOf) continue;
    if (projectId === null || !limit.includes(projectId)) throw new AppError(resolver.code, resolver.message);
  }
}

/**
 * A token limited to projects reaches nothing else: a route whose ids lead to another project answers 404 as for
 * a stranger (after validation, so ids are well formed). Lists filter themselves (projectLimitOf).
 */
export function registerTokenProjectLimit(app: FastifyInstance, db: Db): void {
  app.addHook('preHandler', async (req) => {
    const limit = req.actor ? projectLimitOf(req.actor) : null;
    if (limit) await checkLimit(db, req, limit);
  });
}
