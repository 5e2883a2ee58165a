import type { ProjectRole } from '@deckhand/contract/projects';
import { describe, expect, it } from 'vitest';
import { canManageStatuses, canWriteTasks } from './policy';

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
  ['create, change, move and delete tasks', canWriteTasks, [true, true, true, false, false]],
  ["add, edit, reorder and delete the board's statuses", canManageStatuses, [true, true, false, false, false]],
];

const cases = table.flatMap(([action, check, allowed]) =>
  people.map(([who, role], column) => ({
    name: `${who} ${allowed[column] ? 'may' : 'may not'} ${action}`,
    check,
    role,
    expected: allowed[column],
  })),
);

describe('tasks policy', () => {
  it.each(cases)('$name', ({ check, role, expected }) => {
    expect(check(role)).toBe(expected);
  });
});
