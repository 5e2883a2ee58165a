import { eq } from 'drizzle-orm';
import * as Y from 'yjs';
import type { Db } from '../../../db/client';
import { cards } from '../../../db/schema/cards';
import type { CardRef } from '../events';
import { plainTextOf } from './body-text';

const documentNamePattern = /^card:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The card a document name (`card:{cardId}`) stands for, or undefined for any other name. */
export function cardIdOf(documentName: string): string | undefined {
  return documentNamePattern.exec(documentName)?.[1];
}

/** Applies the card's stored body to a freshly created document. */
export async function loadBody(db: Db, cardId: string, doc: Y.Doc): Promise<void> {
  const [card] = await db.select({ state: cards.bodyState }).from(cards).where(eq(cards.id, cardId));
  if (card?.state) Y.applyUpdate(doc, new Uint8Array(card.state));
}

/**
 * Stores the body as one compacted Yjs state with its plain text beside it, and returns the card. A card deleted
 * meanwhile matches no row: nothing is written and the answer is undefined.
 */
export async function storeBody(db: Db, cardId: string, doc: Y.Doc): Promise<CardRef | undefined> {
  const state = Buffer.from(Y.encodeStateAsUpdate(doc));
  const [stored] = await db
    .update(cards)
    .set({ bodyState: state, bodyText: plainTextOf(doc), updatedAt: new Date() })
    .where(eq(cards.id, cardId))
    .returning({ id: cards.id, projectId: cards.projectId, title: cards.title });
  return stored;
}
