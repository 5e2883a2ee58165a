import { CreateWebhookInput, webhookLimits } from '@deckhand/contract/webhooks';
import { describe, expect, it } from 'vitest';
import {
  checkWebhookDraft,
  createWebhookInputFrom,
  emptyWebhookDraft,
  toggleEvent,
  type WebhookDraft,
} from './webhook-draft';

const draft: WebhookDraft = { ...emptyWebhookDraft, url: 'https://hooks.example.com/deckhand', events: ['task.moved'] };

describe('checkWebhookDraft', () => {
  it('accepts a URL with one event', () => {
    expect(checkWebhookDraft(draft)).toEqual({});
  });

  it('wants a full http or https URL of at most the contract’s length', () => {
    expect(checkWebhookDraft({ ...draft, url: '  ' }).url).toBe('Enter the URL the events should be sent to.');
    expect(checkWebhookDraft({ ...draft, url: 'hooks.example.com' }).url).toMatch(/^Enter a full URL/);
    expect(checkWebhookDraft({ ...draft, url: 'ftp://hooks.example.com/x' }).url).toMatch(/^Enter a full URL/);
    const long = `https://hooks.example.com/${'x'.repeat(webhookLimits.urlMaxLength)}`;
    expect(checkWebhookDraft({ ...draft, url: long }).url).toMatch(/characters or fewer/);
  });

  it('leaves https and public addresses to the server, which alone decides them', () => {
    expect(checkWebhookDraft({ ...draft, url: 'http://127.0.0.1:8080/hook' })).toEqual({});
  });

  it('wants at least one event, or all of them', () => {
    expect(checkWebhookDraft({ ...draft, events: [] }).events).toBe('Choose at least one event, or All events.');
    expect(checkWebhookDraft({ ...draft, events: [], allEvents: true })).toEqual({});
  });

  it('limits the description’s length, spaces aside', () => {
    const description = 'x'.repeat(webhookLimits.descriptionMaxLength);
    expect(checkWebhookDraft({ ...draft, description: ` ${description} ` })).toEqual({});
    expect(checkWebhookDraft({ ...draft, description: `${description}x` }).description).toBeDefined();
  });
});

describe('toggleEvent', () => {
  it('checks and unchecks one type, once', () => {
    const checked = toggleEvent(toggleEvent(emptyWebhookDraft, 'task.moved', true), 'task.moved', true);
    expect(checked.events).toEqual(['task.moved']);
    expect(toggleEvent(checked, 'task.moved', false).events).toEqual([]);
  });
});

describe('createWebhookInputFrom', () => {
  it('sends the types checked in the contract’s order, and no empty description', () => {
    const input = createWebhookInputFrom({
      url: ' https://hooks.example.com/deckhand ',
      description: '  ',
      allEvents: false,
      events: ['task.moved', 'card.created'],
    });
    expect(input).toEqual({ url: 'https://hooks.example.com/deckhand', events: ['card.created', 'task.moved'] });
    expect(CreateWebhookInput.safeParse(input).success).toBe(true);
  });

  it('sends ["*"] for All events, whatever boxes were checked before', () => {
    const input = createWebhookInputFrom({ ...draft, allEvents: true, description: ' CI relay ' });
    expect(input).toEqual({ url: draft.url, events: ['*'], description: 'CI relay' });
    expect(CreateWebhookInput.safeParse(input).success).toBe(true);
  });
});
