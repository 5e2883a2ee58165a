import type { DomainEventMap } from '../../domain-events';
import type { EventOf } from '../../platform/domain-events';
import type { PendingActivity } from './pending';

type ProjectEvent = EventOf<
  DomainEventMap,
  'project.created' | 'project.imported' | 'project.updated' | 'member.added' | 'member.role_changed' | 'member.removed'
>;

/** Names of projects by id, as the membership events do not carry them. */
export type ProjectNames = (projectId: string) => Promise<string>;

/** The history's entries for a change of a project or of its members (a deletion takes its history with it). */
export async function activityOfProject(event: ProjectEvent, projectName: ProjectNames): Promise<PendingActivity[]> {
  const base = { projectId: event.projectId, actorId: event.actor?.userId ?? null, at: new Date() };
  switch (event.type) {
    case 'project.created':
      return [{ ...base, verb: 'project.created', subject: event.name }];
    // A history that came with the file is the project's own; without one (a Trello board), its import starts it.
    case 'project.imported':
      return event.withHistory ? [] : [{ ...base, verb: 'project.created', subject: event.name }];
    case 'project.updated':
      if (event.previousName === event.name) return [];
      return [
        {
          ...base,
          verb: 'project.renamed',
          subject: event.name,
          changes: { name: { from: event.previousName, to: event.name } },
        },
      ];
    case 'member.added':
      return [
        {
          ...base,
          verb: 'member.added',
          subject: await projectName(event.projectId),
          member: event.member,
          changes: { role: { from: null, to: event.role } },
        },
      ];
    case 'member.role_changed':
      if (event.from === event.to) return [];
      return [
        {
          ...base,
          verb: 'member.role_changed',
          subject: await projectName(event.projectId),
          member: event.member,
          changes: { role: { from: event.from, to: event.to } },
        },
      ];
    default:
      return [
        {
          ...base,
          verb: 'member.removed',
          subject: await projectName(event.projectId),
          member: event.member,
          changes: { role: { from: event.role, to: null } },
        },
      ];
  }
}
