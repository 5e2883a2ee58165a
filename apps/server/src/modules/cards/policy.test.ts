import { describe, expect, it } from 'vitest';
import { type PolicyRow, people, policyCases } from '../../../test/support/policy-table';
import { canCreateCard, canDeleteCard, canEditCard, cardAbilitiesFor } from './policy';

const table: PolicyRow[] = [
  ['create a card', canCreateCard, [true, true, true, false, false]],
  ['rename or archive any card', canEditCard, [true, true, true, false, false]],
  ['delete a card they wrote', (role) => canDeleteCard(role, true), [true, true, true, false, false]],
  ['delete a card someone else wrote', (role) => canDeleteCard(role, false), [true, true, false, false, false]],
];

const cases = policyCases(table);

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
