import { type ProjectAbilities, type ProjectRole, roleAtLeast } from '@deckhand/contract/projects';

/**
 * DESIGN.md §5. Pure: the callers load the roles, so one table of cases tests every rule.
 * A `null` role is someone who is not a member of the project: they may do nothing.
 */
export function canWriteInProject(role: ProjectRole | null): boolean {
  return roleAtLeast(role, 'member');
}

export function canEditProject(role: ProjectRole | null): boolean {
  return roleAtLeast(role, 'admin');
}

export function canDeleteProject(role: ProjectRole | null): boolean {
  return role === 'owner';
}

export function canManageMembers(role: ProjectRole | null): boolean {
  return roleAtLeast(role, 'admin');
}

export function canTransferOwnership(role: ProjectRole | null): boolean {
  return role === 'owner';
}

/** An export holds everything in the project, members' emails included. */
export function canExportProject(role: ProjectRole | null): boolean {
  return roleAtLeast(role, 'admin');
}

/** A webhook sends the project's events, and their content, to another system. */
export function canManageWebhooks(role: ProjectRole | null): boolean {
  return roleAtLeast(role, 'admin');
}

export function canLeaveProject(role: ProjectRole | null): boolean {
  return role !== null && role !== 'owner';
}

/** The owner's role changes only by a transfer. */
export function canChangeMemberRole(actorRole: ProjectRole | null, targetRole: ProjectRole): boolean {
  return canManageMembers(actorRole) && targetRole !== 'owner';
}

/** Anyone but the owner may leave; admins may remove anyone but the owner. */
export function canRemoveMember(
  actor: { role: ProjectRole | null; userId: string },
  target: { role: ProjectRole; userId: string },
): boolean {
  if (actor.role === null || target.role === 'owner') return false;
  return actor.userId === target.userId || canManageMembers(actor.role);
}

export function abilitiesFor(role: ProjectRole | null): ProjectAbilities {
  return {
    edit: canEditProject(role),
    delete: canDeleteProject(role),
    manage_members: canManageMembers(role),
    transfer: canTransferOwnership(role),
    write: canWriteInProject(role),
    leave: canLeaveProject(role),
    // DESIGN.md §5's rows, which the tasks and files areas' own policies follow too: admins and the owner manage
    // the board's statuses and delete what others wrote.
    manage_statuses: roleAtLeast(role, 'admin'),
    delete_any_file: roleAtLeast(role, 'admin'),
    export: canExportProject(role),
    manage_webhooks: canManageWebhooks(role),
  };
}
