import { type ProjectAbilities, type ProjectRole, roleAtLeast } from '@deckhand/contract/projects';

/** DESIGN.md §5. Pure: the callers load the roles, so one table of cases tests every rule. */
export function canWriteInProject(role: ProjectRole): boolean {
  return roleAtLeast(role, 'member');
}

export function canEditProject(role: ProjectRole): boolean {
  return roleAtLeast(role, 'admin');
}

export function canDeleteProject(role: ProjectRole): boolean {
  return role === 'owner';
}

export function canManageMembers(role: ProjectRole): boolean {
  return roleAtLeast(role, 'admin');
}

export function canTransferOwnership(role: ProjectRole): boolean {
  return role === 'owner';
}

export function canLeaveProject(role: ProjectRole): boolean {
  return role !== 'owner';
}

/** The owner's role changes only by a transfer. */
export function canChangeMemberRole(actorRole: ProjectRole, targetRole: ProjectRole): boolean {
  return canManageMembers(actorRole) && targetRole !== 'owner';
}

/** Anyone but the owner may leave; admins may remove anyone but the owner. */
export function canRemoveMember(
  actor: { role: ProjectRole; userId: string },
  target: { role: ProjectRole; userId: string },
): boolean {
  if (target.role === 'owner') return false;
  return actor.userId === target.userId || canManageMembers(actor.role);
}

export function abilitiesFor(role: ProjectRole): ProjectAbilities {
  return {
    edit: canEditProject(role),
    delete: canDeleteProject(role),
    manage_members: canManageMembers(role),
    transfer: canTransferOwnership(role),
    write: canWriteInProject(role),
    leave: canLeaveProject(role),
  };
}
