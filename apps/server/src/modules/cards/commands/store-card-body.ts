import type * as Y from 'yjs';
import type { CommandDeps } from '../../../app-deps';
import type { Actor } from '../../../platform/actor';
import { storeBody } from '../collab/card-documents';

/**
 * Stores a card's body from the collaboration server and records `card.body_edited` once for each person who
 * changed it since the last store (none known: none recorded), and `card.body_stored` once. A card deleted
 * meanwhile stores nothing.
 */
export async function storeCardBody(
  deps: CommandDeps,
  editors: Actor[],
  input: { cardId: string; document: Y.Doc },
): Promise<void> {
  const card = await storeBody(deps.db, input.cardId, input.document);
  if (!card) return;
  await deps.events.committed([
    { type: 'card.body_stored', actor: null, card },
    ...editors.map((actor) => ({ type: 'card.body_edited' as const, actor, card })),
  ]);
}
