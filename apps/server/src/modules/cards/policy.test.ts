import type { ProjectRole } from '@deckhand/contract/projects';
import { describe, expect, it } from 'vitest';
import { canCreateCard, canDeleteCard, canEditCard, cardAbilitiesFor } from './policy';

/** The table's columns: the roles of DESIGN.md §5, then someone who is not a member of the project. */
const people: [who: string, role: ProjectRole | null][] = [
  ['an owner', 'owner'],
  ['an admin', 'admin'],
  ['a member', 'member'],
  ['a viewer', 'viewer'],
  ['a stranger', null],
];
type Allowed = [owner: boolean, admin: boolean, member: boolean, viewer: boolean, stranger: boolean];

const table: [action: string, check: (role: ProjectRole | null) => boolean, allowed: Allowed][] = [
  ['create a card', canCreateCard, [true, true, true, false, false]],
  ['rename or archive any card', canEditCard, [true, true, true, false, false]],
  ['delete a card they wrote', (role) => canDeleteCard(role, true), [true, true, true, false, false]],
  ['delete a card someone else wrote', (role) => canDeleteCard(role, false), [true, true, false, false, false]],
];

const cases = table.flatMap(([action, check, allowed]) =>
  people.map(([who, role], column) => ({
    name: `${who} ${allowed[column] ? 'may' : 'may not'} ${action}`,
    check,
    role,
    expected: allowed[column],
  })),
);

describe('cards policy', () => {
  it.each(cases)('$name', ({ check, role, expected }) => {
    expect(check(role)).toBe(expected);
  });

  it.each(people)('tells %s what the policy allows on a card', (_who, role) => {
    for (const isAuthor of [true, false]) {
      expect(cardAbilitiesFor(role, isAuthor)).toEqual({
        edit: canEditCard(role),
        delete: canDeleteCard(role, isAuthor),
      });
    }
  });
});
