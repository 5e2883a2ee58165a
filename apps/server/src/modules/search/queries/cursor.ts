import { z } from 'zod';
import { AppError } from '../../../platform/errors';

/**
 * Where a page ended, in the order of its query: by relevance (title match, then newest), by due date (soonest
 * first, none last), or newest first. Opaque to clients.
 */
const Cursor = z.discriminatedUnion('order', [
  z.object({ order: z.literal('relevance'), title: z.boolean(), at: z.string(), id: z.uuid() }),
  z.object({ order: z.literal('due'), due: z.string().nullable(), id: z.uuid() }),
  z.object({ order: z.literal('recent'), at: z.string(), id: z.uuid() }),
]);
export type Cursor = z.infer<typeof Cursor>;
export type SearchOrder = Cursor['order'];

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/** @throws request/invalid (not a cursor of this query's order) */
export function decodeCursor(text: string, order: SearchOrder): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const cursor = Cursor.safeParse(parsed);
  if (!cursor.success || cursor.data.order !== order) {
    throw new AppError('request/invalid', 'cursor: not the next_cursor of a page of this query');
  }
  const at = cursor.data.order === 'due' ? cursor.data.due : cursor.data.at;
  if (at !== null && Number.isNaN(Date.parse(at))) throw new AppError('request/invalid', 'cursor: not a valid cursor');
  return cursor.data;
}
