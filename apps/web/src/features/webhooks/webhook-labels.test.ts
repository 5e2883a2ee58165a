import { describe, expect, it } from 'vitest';
import {
  deliveryStatusLabels,
  describeDeliveryFigures,
  describeDuration,
  describeMissingResponse,
  describeStatusCode,
  describeWebhookEvents,
  formatBody,
} from './webhook-labels';

describe('describeWebhookEvents', () => {
  it('says All events for ["*"]', () => {
    expect(describeWebhookEvents(['*'])).toBe('All events');
  });

  it('names up to three types and counts the rest', () => {
    expect(describeWebhookEvents(['task.moved'])).toBe('task.moved');
    expect(describeWebhookEvents(['task.moved', 'task.created', 'card.created'])).toBe(
      'task.moved, task.created, card.created',
    );
    expect(describeWebhookEvents(['task.moved', 'task.created', 'card.created', 'file.uploaded', 'chat.created'])).toBe(
      'task.moved, task.created, card.created and 2 more',
    );
  });
});

describe('delivery labels', () => {
  it('names the statuses as the log shows them', () => {
    expect(deliveryStatusLabels).toEqual({ pending: 'Pending', succeeded: 'Succeeded', failed: 'Failed' });
  });

  it('shows a dash for what no attempt has measured', () => {
    expect(describeStatusCode(null)).toBe('—');
    expect(describeStatusCode(200)).toBe('200');
    expect(describeDuration(null)).toBe('—');
    expect(describeDuration(41)).toBe('41 ms');
  });

  it('says why there is no response body', () => {
    expect(describeMissingResponse({ attempts: 0, lastStatusCode: null })).toBe('Not sent yet.');
    expect(describeMissingResponse({ attempts: 2, lastStatusCode: null })).toBe('No answer came back.');
    expect(describeMissingResponse({ attempts: 1, lastStatusCode: 204 })).toBe('The answer had no body.');
  });
});

describe('formatBody', () => {
  it('indents JSON and leaves anything else as it came', () => {
    expect(formatBody('{"type":"ping","data":{"a":1}}')).toBe('{\n  "type": "ping",\n  "data": {\n    "a": 1\n  }\n}');
    expect(formatBody('<h1>Bad gateway</h1>')).toBe('<h1>Bad gateway</h1>');
    expect(formatBody('{"cut": "in the midd')).toBe('{"cut": "in the midd');
  });
});

describe('describeDeliveryFigures', () => {
  it('puts the code, the time and the attempts on one line', () => {
    expect(describeDeliveryFigures({ attempts: 1, lastStatusCode: 500, durationMs: 3 })).toBe(
      'Code 500 · 3 ms · 1 attempt',
    );
    expect(describeDeliveryFigures({ attempts: 3, lastStatusCode: 200, durationMs: 41 })).toBe(
      'Code 200 · 41 ms · 3 attempts',
    );
  });

  it('says when an attempt got no answer, and when none was made yet', () => {
    expect(describeDeliveryFigures({ attempts: 2, lastStatusCode: null, durationMs: 10_000 })).toBe(
      'No answer · 10000 ms · 2 attempts',
    );
    expect(describeDeliveryFigures({ attempts: 0, lastStatusCode: null, durationMs: null })).toBe('No attempt yet');
  });
});
