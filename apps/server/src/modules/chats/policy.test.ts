import { describe, expect, it } from 'vitest';
import { type PolicyRow, people, policyCases } from '../../../test/support/policy-table';
import { canCreateChat, canManageChat, chatAbilitiesFor } from './policy';

const table: PolicyRow[] = [
  ['open a chat', canCreateChat, [true, true, true, false, false]],
  ['rename or delete a chat they opened', (role) => canManageChat(role, true), [true, true, true, false, false]],
  [
    'rename or delete a chat someone else opened',
    (role) => canManageChat(role, false),
    [true, true, false, false, false],
  ],
];

const cases = policyCases(table);

describe('chats policy', () => {
  it.each(cases)('$name', ({ check, role, expected }) => {
    expect(check(role)).toBe(expected);
  });

  it.each(people)('tells %s what the policy allows on a chat', (_who, role) => {
    for (const isCreator of [true, false]) {
      const manage = canManageChat(role, isCreator);
      expect(chatAbilitiesFor(role, isCreator)).toEqual({ edit: manage, delete: manage });
    }
  });
});
