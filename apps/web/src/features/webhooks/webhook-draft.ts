import {
  CreateWebhookInput,
  type WebhookEventType,
  webhookEventTypes,
  webhookLimits,
} from '@deckhand/contract/webhooks';

export interface WebhookDraft {
  url: string;
  description: string;
  /** Sends `["*"]`: every event, including types added later. */
  allEvents: boolean;
  /** The boxes checked; kept while All events is on, so turning it off gives them back. */
  events: WebhookEventType[];
}

export type WebhookDraftErrors = Partial<Record<'url' | 'description' | 'events', string>>;

/** Nothing chosen: which events matter is the person's decision, and All events is one click away. */
export const emptyWebhookDraft: WebhookDraft = { url: '', description: '', allEvents: false, events: [] };

/** The draft with one event type checked or unchecked. */
export function toggleEvent(draft: WebhookDraft, type: WebhookEventType, checked: boolean): WebhookDraft {
  const others = draft.events.filter((event) => event !== type);
  return { ...draft, events: checked ? [...others, type] : others };
}

/**
 * The same rules as the contract's CreateWebhookInput, worded for people. Whether the server may send to the URL
 * (https, a public address) only the server knows: its refusal is shown as it words it.
 */
export function checkWebhookDraft(draft: WebhookDraft): WebhookDraftErrors {
  const errors: WebhookDraftErrors = {};
  const url = draft.url.trim();
  if (url === '') errors.url = 'Enter the URL the events should be sent to.';
  else if (url.length > webhookLimits.urlMaxLength) {
    errors.url = `Keep the URL to ${webhookLimits.urlMaxLength} characters or fewer.`;
  } else if (!CreateWebhookInput.shape.url.safeParse(url).success) {
    errors.url = 'Enter a full URL, such as https://example.com/hooks/deckhand.';
  }
  if (draft.description.trim().length > webhookLimits.descriptionMaxLength) {
    errors.description = `Keep the description to ${webhookLimits.descriptionMaxLength} characters or fewer.`;
  }
  if (!draft.allEvents && draft.events.length === 0) errors.events = 'Choose at least one event, or All events.';
  return errors;
}

/** The request for a draft, in wire names: the events in the contract's order, an empty description left out. */
export function createWebhookInputFrom(draft: WebhookDraft): CreateWebhookInput {
  const events: CreateWebhookInput['events'] = draft.allEvents
    ? ['*']
    : webhookEventTypes.filter((type) => draft.events.includes(type));
  const input: CreateWebhookInput = { url: draft.url.trim(), events };
  const description = draft.description.trim();
  if (description !== '') input.description = description;
  return input;
}
