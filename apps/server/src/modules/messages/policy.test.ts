import type { ProjectRole } from '@deckhand/contract/projects';
import { describe, expect, it } from 'vitest';
import { canDeleteMessage, canEditMessage, canPostMessage } from './policy';

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
  ['post a message or react to one', canPostMessage, [true, true, true, false, false]],
  ['edit a message they wrote', (role) => canEditMessage(role, true), [true, true, true, false, false]],
  ['edit a message someone else wrote', (role) => canEditMessage(role, false), [false, false, false, false, false]],
  ['delete a message they wrote', (role) => canDeleteMessage(role, true), [true, true, true, false, false]],
  ['delete a message someone else wrote', (role) => canDeleteMessage(role, false), [true, true, false, false, false]],
];

const cases = table.flatMap(([action, check, allowed]) =>
  people.map(([who, role], column) => ({
    name: `${who} ${allowed[column] ? 'may' : 'may not'} ${action}`,
    check,
    role,
    expected: allowed[column],
  })),
);

describe('messages policy', () => {
  it.each(cases)('$name', ({ check, role, expected }) => {
    expect(check(role)).toBe(expected);
  });
});
