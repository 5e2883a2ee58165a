import { and, asc, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { isUniqueViolation } from '../../../db/errors';
import { tasks } from '../../../db/schema/tasks';
import { AppError } from '../../../platform/errors';
import { changedNow } from './clock';
import { keyBetween, keysAfter } from './order-keys';

/** Past this length a status's keys are handed out afresh (rare: only repeated inserts at one spot grow them). */
const maxKeyLength = 48;
/**
 * Concurrent writers that computed the same key: each loser reads its neighbours again. Keys are drawn at random
 * from the gap, so a second collision is already rare.
 */
const maxAttempts = 12;

export interface Placement {
  statusId: string;
  afterId?: string | null;
  beforeId?: string | null;
  /**
   * The status's last key (leaving out the task being placed; null when it has none), when the caller read it
   * in the same query as everything else: placing at the end then needs no read of its own the first time.
   */
  lastKey?: string | null;
  /** The keys around `afterId` or `beforeId`, when the caller read them in the same query as everything else. */
  neighbourKeys?: NeighbourKeys;
}

/** What keyFor reads for a placement next to a task; null where there is no such task in the status. */
export interface NeighbourKeys {
  /** `afterId`'s key and the next one after it. */
  after: string | null;
  afterNext: string | null;
  /** `beforeId`'s key and the one before it. */
  before: string | null;
  beforePrev: string | null;
}

/** Whether `err` is the unique (status, position) index refusing a key another writer took a moment before. */
export function isKeyTaken(err: unknown): boolean {
  return isUniqueViolation(err, 'tasks_status_position_idx');
}

/** What `write` returns, or undefined when another writer took its key at the same moment. */
export async function unlessKeyTaken<T>(write: Promise<T>): Promise<T | undefined> {
  try {
    return await write;
  } catch (err) {
    if (isKeyTaken(err)) return undefined;
    throw err;
  }
}

async function positionOf(db: Db, taskId: string, statusId: string, field: string): Promise<string> {
  const [row] = await db
    .select({ position: tasks.position })
    .from(tasks)
    .where(and(eq(tasks.id, taskId), eq(tasks.statusId, statusId)));
  if (!row) throw new AppError('request/invalid', `${field}: not a task of that status`);
  return row.position;
}

function refuseSelf(placement: Placement, movingId: string | undefined): void {
  if (placement.afterId && placement.afterId === movingId) {
    throw new AppError('request/invalid', 'after_id: a task cannot go after itself');
  }
  if (!placement.afterId && placement.beforeId && placement.beforeId === movingId) {
    throw new AppError('request/invalid', 'before_id: a task cannot go before itself');
  }
}

/** The key for `placement` from the keys the caller read with it, or undefined when it read none for this case. */
function keyFromRead(placement: Placement): string | undefined {
  const { afterId, beforeId, lastKey, neighbourKeys } = placement;
  if (afterId || beforeId) {
    if (!neighbourKeys) return undefined;
    if (afterId) {
      if (neighbourKeys.after === null) throw new AppError('request/invalid', 'after_id: not a task of that status');
      return keyBetween(neighbourKeys.after, neighbourKeys.afterNext, Math.random);
    }
    if (neighbourKeys.before === null) throw new AppError('request/invalid', 'before_id: not a task of that status');
    return keyBetween(neighbourKeys.beforePrev, neighbourKeys.before, Math.random);
  }
  return lastKey === undefined ? undefined : keyBetween(lastKey, null, Math.random);
}

/** The key for `placement`, leaving out `movingId` (the task being placed, when it is already somewhere). */
async function keyFor(db: Db, placement: Placement, movingId: string | undefined): Promise<string> {
  const { statusId, afterId, beforeId } = placement;
  const inStatus = and(eq(tasks.statusId, statusId), movingId ? ne(tasks.id, movingId) : undefined);
  const neighbour = async (where: ReturnType<typeof and>, order: 'asc' | 'desc') => {
    const [row] = await db
      .select({ position: tasks.position })
      .from(tasks)
      .where(where)
      .orderBy(order === 'asc' ? asc(tasks.position) : desc(tasks.position))
      .limit(1);
    return row?.position ?? null;
  };
  if (afterId) {
    const after = await positionOf(db, afterId, statusId, 'after_id');
    return keyBetween(after, await neighbour(and(inStatus, gt(tasks.position, after)), 'asc'), Math.random);
  }
  if (beforeId) {
    const before = await positionOf(db, beforeId, statusId, 'before_id');
    return keyBetween(await neighbour(and(inStatus, lt(tasks.position, before)), 'desc'), before, Math.random);
  }
  return keyBetween(await neighbour(inStatus, 'desc'), null, Math.random);
}

/**
 * Hands out short keys again to every task of a status, in their order. Two passes: the new keys may equal
 * old ones of other tasks, which the unique index would refuse midway.
 */
async function rebalance(db: Db, statusId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: tasks.id })
      .from(tasks)
      .where(eq(tasks.statusId, statusId))
      .orderBy(asc(tasks.position))
      .for('update');
    await tx
      .update(tasks)
      // Stamped like every other change: the board's version and its reads of what changed go by it.
      .set({ position: sql`'~' || ${tasks.id}::text`, updatedAt: changedNow })
      .where(eq(tasks.statusId, statusId));
    const keys = keysAfter(null, rows.length);
    for (const [i, row] of rows.entries()) {
      await tx
        .update(tasks)
        .set({ position: keys[i] as string, updatedAt: changedNow })
        .where(eq(tasks.id, row.id));
    }
  });
}

/**
 * Writes a task at `placement` with `write(position)` (one row: an insert or an update), retrying with fresh
 * neighbours when a concurrent writer took the same key. The unique (status, position) index is what makes the
 * order total; this loop is what makes losing that race invisible.
 * @throws request/invalid (a neighbour not in that status)
 */
export async function placeTask<T>(
  db: Db,
  placement: Placement,
  movingId: string | undefined,
  write: (position: string) => Promise<T>,
): Promise<T> {
  refuseSelf(placement, movingId);
  for (let attempt = 1; ; attempt += 1) {
    // A lost race means the keys around the spot have changed since they were read: read them again then.
    const position = (attempt === 1 ? keyFromRead(placement) : undefined) ?? (await keyFor(db, placement, movingId));
    if (position.length > maxKeyLength) {
      await rebalance(db, placement.statusId);
      continue;
    }
    try {
      // Inside a transaction a refused key would abort it all: the write gets a savepoint to fall back to.
      return await (db instanceof PgTransaction ? db.transaction(() => write(position)) : write(position));
    } catch (err) {
      if (!isKeyTaken(err) || attempt >= maxAttempts) throw err;
    }
  }
}
