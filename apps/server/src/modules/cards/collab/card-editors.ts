import type { Actor } from '../../../platform/actor';

export interface CardEditors {
  /** Someone's change reached the document. */
  add(document: object, userId: string): void;
  /** Who changed it since the last store, forgetting them: changes made during the store count for the next. */
  take(document: object): Actor[];
  /** Gives back what `take` returned when the store failed, so that the next store records them. */
  putBack(document: object, taken: Actor[]): void;
}

/**
 * Who changed each open document since it was last stored, from Hocuspocus's onChange: each store records one
 * `card.body_edited` per person. Changes relayed from another instance carry no person (that instance stores and
 * records them), and viewers' changes are refused before they are applied.
 */
export function createCardEditors(): CardEditors {
  const byDocument = new WeakMap<object, Set<string>>();
  function add(document: object, userId: string): void {
    const people = byDocument.get(document) ?? new Set<string>();
    people.add(userId);
    byDocument.set(document, people);
  }
  return {
    add,
    take(document) {
      const people = byDocument.get(document);
      byDocument.delete(document);
      return [...(people ?? [])].map((userId) => ({ userId }));
    },
    putBack(document, taken) {
      for (const actor of taken) add(document, actor.userId);
    },
  };
}
