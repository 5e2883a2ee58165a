import type { ActivityVerb } from '@deckhand/contract/activity';
import { formatDateTime } from '../../lib/format';
import type { ClientActivity } from './api';

/** What an entry says, after its actor's name ("moved …"), or on its own when the system acted ("… was moved"). */
interface Phrase {
  active: string;
  passive: string;
}

type Person = { userId: string; name: string };

/** "Ann", "Ann and Bob", "Ann, Bob and Cleo". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

function namesNotIn(people: readonly Person[], others: readonly Person[]): string[] {
  return people.filter((person) => !others.some((other) => other.userId === person.userId)).map((p) => p.name);
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `low` → "Low"; "none" is the absence of a priority and is never named. */
function priorityName(priority: string): string {
  return capitalize(priority);
}

/** "a member", "an admin", "the owner". */
function withArticle(role: string): string {
  if (role === 'owner') return 'the owner';
  return /^[aeiou]/i.test(role) ? `an ${role}` : `a ${role}`;
}

/**
 * A verb, its object and what follows: "changed the priority of X from Low to High" / "The priority of X was
 * changed from Low to High".
 */
function simple(verb: string, object: string, rest = '', plural = false): Phrase {
  return {
    active: `${verb} ${object}${rest}`,
    passive: `${capitalize(object)} ${plural ? 'were' : 'was'} ${verb}${rest}`,
  };
}

function renamed(kind: string, change: { from: string; to: string } | undefined, subject: string): Phrase {
  if (!change) return { active: `renamed the ${kind} to ${subject}`, passive: `The ${kind} was renamed to ${subject}` };
  return {
    active: `renamed the ${kind} ${change.from} to ${change.to}`,
    passive: `The ${kind} ${change.from} was renamed to ${change.to}`,
  };
}

function moved({ subject, changes }: ClientActivity): Phrase {
  const from = changes.status?.from?.name;
  const to = changes.status?.to?.name;
  const where = `${from ? ` from ${from}` : ''}${to ? ` to ${to}` : ''}`;
  return { active: `moved ${subject}${where}`, passive: `${subject} was moved${where}` };
}

function assigned({ subject, changes }: ClientActivity): Phrase {
  const names = joinNames(namesNotIn(changes.assignees?.to ?? [], changes.assignees?.from ?? []));
  if (!names) return simple('changed', `the assignees of ${subject}`, '', true);
  return { active: `assigned ${subject} to ${names}`, passive: `${subject} was assigned to ${names}` };
}

function unassigned({ subject, changes }: ClientActivity): Phrase {
  const removed = namesNotIn(changes.assignees?.from ?? [], changes.assignees?.to ?? []);
  if (removed.length === 0) return simple('changed', `the assignees of ${subject}`, '', true);
  const names = joinNames(removed);
  const were = removed.length === 1 ? 'was' : 'were';
  return { active: `unassigned ${names} from ${subject}`, passive: `${names} ${were} unassigned from ${subject}` };
}

function dueChanged({ subject, changes }: ClientActivity): Phrase {
  const due = changes.dueAt?.to;
  if (!due) return simple('removed', `the due date of ${subject}`);
  return simple('set', `the due date of ${subject}`, ` to ${formatDateTime(due)}`);
}

function priorityChanged({ subject, changes }: ClientActivity): Phrase {
  const from = changes.priority?.from ?? 'none';
  const to = changes.priority?.to ?? 'none';
  if (to === 'none') return simple('removed', `the priority of ${subject}`);
  if (from === 'none') return simple('set', `the priority of ${subject}`, ` to ${priorityName(to)}`);
  return simple('changed', `the priority of ${subject}`, ` from ${priorityName(from)} to ${priorityName(to)}`);
}

function memberName(activity: ClientActivity): string {
  return activity.member?.name ?? 'someone';
}

function memberAdded(activity: ClientActivity): Phrase {
  const role = activity.changes.role?.to;
  const as = role ? ` as ${withArticle(role)}` : '';
  const name = memberName(activity);
  // Accepting an invitation adds oneself.
  if (activity.actor && activity.actor.userId === activity.member?.userId) {
    return { active: `joined the project${as}`, passive: `${name} joined the project${as}` };
  }
  return { active: `added ${name} to the project${as}`, passive: `${name} was added to the project${as}` };
}

function memberRoleChanged(activity: ClientActivity): Phrase {
  const from = activity.changes.role?.from;
  const to = activity.changes.role?.to;
  const change = from && to ? ` from ${from} to ${to}` : to ? ` to ${to}` : '';
  return simple('changed', `the role of ${memberName(activity)}`, change);
}

function memberRemoved(activity: ClientActivity): Phrase {
  const name = memberName(activity);
  if (activity.actor && activity.actor.userId === activity.member?.userId) {
    return { active: 'left the project', passive: `${name} left the project` };
  }
  return { active: `removed ${name} from the project`, passive: `${name} was removed from the project` };
}

const phrases = {
  'project.created': (a) => simple('created', `the project ${a.subject}`),
  'project.renamed': (a) => renamed('project', a.changes.name, a.subject),
  'member.added': memberAdded,
  'member.role_changed': memberRoleChanged,
  'member.removed': memberRemoved,
  'card.created': () => simple('created', 'the card'),
  'card.renamed': (a) => {
    const change = a.changes.title;
    return simple('renamed', 'the card', change ? ` from ${change.from} to ${change.to}` : ` to ${a.subject}`);
  },
  'card.archived': () => simple('archived', 'the card'),
  'card.restored': () => simple('restored', 'the card'),
  'card.deleted': (a) => simple('deleted', `the card ${a.subject}`),
  'card.body_edited': () => simple('edited', 'the body'),
  'chat.created': (a) => simple('started', `the chat ${a.subject}`),
  'chat.renamed': (a) => renamed('chat', a.changes.name, a.subject),
  'chat.deleted': (a) => simple('deleted', `the chat ${a.subject}`),
  'task.created': (a) => simple('created', `the task ${a.subject}`),
  'task.renamed': (a) => renamed('task', a.changes.title, a.subject),
  'task.moved': moved,
  'task.assigned': assigned,
  'task.unassigned': unassigned,
  'task.due_changed': dueChanged,
  'task.priority_changed': priorityChanged,
  'task.labels_changed': (a) => simple('changed', `the labels of ${a.subject}`, '', true),
  'task.completed': (a) => ({ active: `completed ${a.subject}`, passive: `${a.subject} was completed` }),
  'task.reopened': (a) => ({ active: `reopened ${a.subject}`, passive: `${a.subject} was reopened` }),
  'task.deleted': (a) => simple('deleted', `the task ${a.subject}`),
  'status.created': (a) => simple('added', `the column ${a.subject}`),
  'status.renamed': (a) => renamed('column', a.changes.name, a.subject),
  'status.deleted': (a) => simple('deleted', `the column ${a.subject}`),
  'file.uploaded': (a) => ({ active: `uploaded ${a.subject}`, passive: `${a.subject} was uploaded` }),
  'file.deleted': (a) => simple('deleted', `the file ${a.subject}`),
} satisfies Record<ActivityVerb, (activity: ClientActivity) => Phrase>;

/**
 * The sentence an entry of the history reads as: "Ann Archer moved Write hero headline from To do to In progress",
 * or, when the system acted, "Write hero headline was moved from Doing to To do".
 */
export function activitySentence(activity: ClientActivity): string {
  const phrase = phrases[activity.verb](activity);
  return activity.actor ? `${activity.actor.name} ${phrase.active}` : phrase.passive;
}
