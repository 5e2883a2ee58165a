import type { CardList, CardListQuery } from '@deckhand/contract/cards';
import { and, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { cards } from '../../../db/schema/cards';
import { profiles } from '../../../db/schema/profiles';
import { AppError } from '../../../platform/errors';
import { requireMembership } from '../../projects/queries/access';
import { authorJoin, cardColumns, toCardDto } from '../service/card-dto';

/** Where the next page starts: after a card (newest first), or, for ranked search results, after a count. */
const Cursor = z.union([
  z.object({ u: z.string().regex(/^\d+$/), i: z.uuid() }),
  z.object({ o: z.number().int().min(0) }),
]);
type Cursor = z.infer<typeof Cursor>;

const maxSearchWords = 20;

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(value: string): Cursor {
  try {
    return Cursor.parse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
  } catch (err) {
    throw new AppError('request/invalid', 'cursor: not a cursor this list gave out', { cause: err });
  }
}

/**
 * The words of a search as a tsquery: every word must match, the last one as a prefix so results follow typing.
 * Only letters and digits reach the query, so nothing a person types can be tsquery syntax.
 */
export function searchQuery(q: string | undefined): string | undefined {
  const words = (q?.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, maxSearchWords);
  if (words.length === 0) return undefined;
  return words.map((word, i) => (i === words.length - 1 ? `${word}:*` : word)).join(' & ');
}

/** Microseconds since the epoch, exact: the cursor must name a position between two cards updated in one ms. */
const updatedAtMicros = sql<string>`(extract(epoch from ${cards.updatedAt}) * 1000000)::bigint::text`;

/**
 * A page of the project's cards, most recently updated first, or best matches first when searching.
 * @throws projects/not-found · request/invalid (a cursor this list did not give out)
 */
export async function listCards(db: Db, userId: string, projectId: string, query: CardListQuery): Promise<CardList> {
  const role = await requireMembership(db, projectId, userId);
  const tsquery = searchQuery(query.q);
  const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  if (cursor && 'o' in cursor !== (tsquery !== undefined)) {
    throw new AppError('request/invalid', 'cursor: from another search; start again without it');
  }
  const conditions: SQL[] = [
    eq(cards.projectId, projectId),
    query.archived ? isNotNull(cards.archivedAt) : isNull(cards.archivedAt),
  ];
  if (tsquery) conditions.push(sql`${cards.search} @@ to_tsquery('simple', ${tsquery})`);
  if (cursor && 'u' in cursor) {
    const after = sql`(timestamptz 'epoch' + ${cursor.u}::bigint * interval '1 microsecond')`;
    conditions.push(sql`(${cards.updatedAt}, ${cards.id}) < (${after}, ${cursor.i}::uuid)`);
  }
  const offset = cursor && 'o' in cursor ? cursor.o : 0;
  const order = tsquery
    ? [desc(sql`ts_rank(${cards.search}, to_tsquery('simple', ${tsquery}))`), desc(cards.updatedAt), desc(cards.id)]
    : [desc(cards.updatedAt), desc(cards.id)];
  const rows = await db
    .select({ ...cardColumns, updatedAtMicros })
    .from(cards)
    .leftJoin(profiles, authorJoin)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(query.limit + 1)
    .offset(offset);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  let nextCursor: string | null = null;
  if (rows.length > query.limit && last) {
    nextCursor = encodeCursor(tsquery ? { o: offset + page.length } : { u: last.updatedAtMicros, i: last.id });
  }
  return { items: page.map((row) => toCardDto(row, { userId, role })), next_cursor: nextCursor };
}
