import type { ProjectRole } from '@deckhand/contract/projects';
import { describe, expect, it } from 'vitest';
import { type PolicyRow, people, policyCases } from '../../../test/support/policy-table';
import {
  abilitiesFor,
  canChangeMemberRole,
  canDeleteProject,
  canEditProject,
  canLeaveProject,
  canManageMembers,
  canRemoveMember,
  canTransferOwnership,
  canWriteInProject,
} from './policy';

const me = 'me';
const other = 'someone-else';
const removes = (role: ProjectRole | null, target: ProjectRole, targetId = other) =>
  canRemoveMember({ role, userId: me }, { role: target, userId: targetId });

const table: PolicyRow[] = [
  ['write cards, messages, tasks and files', canWriteInProject, [true, true, true, false, false]],
  ["edit the project's name and description", canEditProject, [true, true, false, false, false]],
  ['delete the project', canDeleteProject, [true, false, false, false, false]],
  ['invite, add and manage members', canManageMembers, [true, true, false, false, false]],
  ['transfer ownership', canTransferOwnership, [true, false, false, false, false]],
  ['leave the project', canLeaveProject, [false, true, true, true, false]],
  ["change an admin's role", (role) => canChangeMemberRole(role, 'admin'), [true, true, false, false, false]],
  ["change a member's role", (role) => canChangeMemberRole(role, 'member'), [true, true, false, false, false]],
  ["change a viewer's role", (role) => canChangeMemberRole(role, 'viewer'), [true, true, false, false, false]],
  ["change the owner's role", (role) => canChangeMemberRole(role, 'owner'), [false, false, false, false, false]],
  ['remove an admin', (role) => removes(role, 'admin'), [true, true, false, false, false]],
  ['remove a member', (role) => removes(role, 'member'), [true, true, false, false, false]],
  ['remove a viewer', (role) => removes(role, 'viewer'), [true, true, false, false, false]],
  ['remove the owner', (role) => removes(role, 'owner'), [false, false, false, false, false]],
  // A stranger has no membership of their own: whatever role a stale request claims for it must not count.
  ['remove themselves', (role) => removes(role, role ?? 'member', me), [false, true, true, true, false]],
];

const cases = policyCases(table);

describe('projects policy', () => {
  it.each(cases)('$name', ({ check, role, expected }) => {
    expect(check(role)).toBe(expected);
  });

  it.each(people)('tells %s what the policies allow in the project', (_who, role) => {
    expect(abilitiesFor(role)).toEqual({
      edit: canEditProject(role),
      delete: canDeleteProject(role),
      manage_members: canManageMembers(role),
      transfer: canTransferOwnership(role),
      write: canWriteInProject(role),
      leave: canLeaveProject(role),
      // DESIGN.md §5: managing statuses and deleting what others wrote are for admins and the owner.
      manage_statuses: role === 'owner' || role === 'admin',
      delete_any_file: role === 'owner' || role === 'admin',
      export: role === 'owner' || role === 'admin',
      manage_webhooks: role === 'owner' || role === 'admin',
    });
  });
});
