import { type WebhookEventType, webhookEventTypes } from '@deckhand/contract/webhooks';

/** The areas the form groups events by, in its order, each with the prefix of its event types. */
export const eventAreas = [
  { prefix: 'project', label: 'Project' },
  { prefix: 'member', label: 'Members' },
  { prefix: 'card', label: 'Cards' },
  { prefix: 'chat', label: 'Chats' },
  { prefix: 'task', label: 'Tasks' },
  { prefix: 'status', label: 'Columns' },
  { prefix: 'file', label: 'Files' },
  { prefix: 'message', label: 'Messages' },
] as const;

export interface EventGroup {
  label: string;
  events: WebhookEventType[];
}

/**
 * The contract's event types by area, each area's in the contract's order. A type of an area the web does not know
 * yet (the contract grew first) lands in a last group, Other, rather than out of the form.
 */
export function groupEventTypes(types: readonly WebhookEventType[] = webhookEventTypes): EventGroup[] {
  const groups: EventGroup[] = eventAreas.map((area) => ({
    label: area.label,
    events: types.filter((type) => type.startsWith(`${area.prefix}.`)),
  }));
  const known = new Set(groups.flatMap((group) => group.events));
  const others = types.filter((type) => !known.has(type));
  if (others.length > 0) groups.push({ label: 'Other', events: others });
  return groups.filter((group) => group.events.length > 0);
}
