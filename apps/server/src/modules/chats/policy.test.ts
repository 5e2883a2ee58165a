import type { ProjectRole } from '@deckhand/contract/projects';
import { describe, expect, it } from 'vitest';
import { canCreateChat, canManageChat, chatAbilitiesFor } from './policy';

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
  ['open a chat', canCreateChat, [true, true, true, false, false]],
  ['rename or delete a chat they opened', (role) => canManageChat(role, true), [true, true, true, false, false]],
  [
    'rename or delete a chat someone else opened',
    (role) => canManageChat(role, false),
    [true, true, false, false, false],
  ],
];

const cases = table.flatMap(([action, check, allowed]) =>
  people.map(([who, role], column) => ({
    name: `${who} ${allowed[column] ? 'may' : 'may not'} ${action}`,
    check,
    role,
    expected: allowed[column],
  })),
);

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
