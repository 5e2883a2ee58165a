import type { ProjectRole } from '@deckhand/contract/projects';

/** The columns of every area's policy table: the roles of DESIGN.md §5, then someone who is not a member. */
export const people: [who: string, role: ProjectRole | null][] = [
  ['an owner', 'owner'],
  ['an admin', 'admin'],
  ['a member', 'member'],
  ['a viewer', 'viewer'],
  ['a stranger', null],
];

export type Allowed = [owner: boolean, admin: boolean, member: boolean, viewer: boolean, stranger: boolean];

/** A row: what is done, the policy that decides it, and whether each column may. */
export type PolicyRow = [action: string, check: (role: ProjectRole | null) => boolean, allowed: Allowed];

/** One case per cell, named for what it states ("a viewer may not create a card"). */
export function policyCases(table: PolicyRow[]) {
  return table.flatMap(([action, check, allowed]) =>
    people.map(([who, role], column) => ({
      name: `${who} ${allowed[column] ? 'may' : 'may not'} ${action}`,
      check,
      role,
      expected: allowed[column],
    })),
  );
}
