import { type SQL, sql } from 'drizzle-orm';
import { customType, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../platform/ids';
import { projects } from './projects';
import { users } from './users';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * A card: a topic in a project with a live, co-edited body. The body is one compacted Yjs state; its plain text is
 * kept beside it for the excerpt and for search.
 */
export const cards = pgTable(
  'cards',
  {
    id: uuid().primaryKey().$defaultFn(uuidv7),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    bodyState: bytea(),
    bodyText: text().notNull().default(''),
    archivedAt: timestamp({ withTimezone: true }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Kept as written, so the card still names its author after their account is gone. */
    createdByName: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * Title and body words for full-text search, the title weighted above the body. The 'simple' configuration
     * (no stemming, no stop words) because a team writes in whatever languages it speaks.
     */
    search: tsvector().generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('simple', ${cards.title}), 'A') || setweight(to_tsvector('simple', ${cards.bodyText}), 'B')`,
    ),
  },
  (t) => [
    // DESC with NULLS FIRST, as the list's ORDER BY says, so the index can give that order without a sort.
    index('cards_project_updated_idx').on(t.projectId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Searches are always within one project: a GIN index over both (project_id through btree_gin) lets the
    // planner find a project's matching cards in the index alone. The vectors are TOASTed, so the planner costs a
    // scan of the whole project as cheap while it really reads every card's vector (20× slower). No fast update:
    // a pending list of unmerged entries makes the index look dear to the planner (back to that scan) until a
    // vacuum; bodies are written at most every 1.5 s per card, searches as people type.
    index('cards_project_search_idx').using('gin', t.projectId, t.search).with({ fastupdate: false }),
  ],
);

/** A named chat beside a card's body; a card has at least one. */
export const chats = pgTable(
  'chats',
  {
    id: uuid().primaryKey().$defaultFn(uuidv7),
    cardId: uuid()
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdByName: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('chats_card_idx').on(t.cardId)],
);
