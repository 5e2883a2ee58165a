import type { ProjectRole } from '@deckhand/contract/projects';
import { describe, expect, it } from 'vitest';
import { canDeleteFile, canUploadFiles } from './policy';

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
  ['upload files', canUploadFiles, [true, true, true, false, false]],
  ['delete a file they uploaded', (role) => canDeleteFile(role, true), [true, true, true, false, false]],
  ['delete a file someone else uploaded', (role) => canDeleteFile(role, false), [true, true, false, false, false]],
];

const cases = table.flatMap(([action, check, allowed]) =>
  people.map(([who, role], column) => ({
    name: `${who} ${allowed[column] ? 'may' : 'may not'} ${action}`,
    check,
    role,
    expected: allowed[column],
  })),
);

describe('files policy', () => {
  it.each(cases)('$name', ({ check, role, expected }) => {
    expect(check(role)).toBe(expected);
  });
});
