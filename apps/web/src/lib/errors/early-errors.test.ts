import { describe, expect, it } from 'vitest';
import { earlyErrorMechanisms, holdEarlyErrors, takeEarlyErrors } from './early-errors';

function errorEvent(error: unknown, message = ''): Event {
  return Object.assign(new Event('error'), { error, message });
}

function rejectionEvent(reason: unknown): Event {
  return Object.assign(new Event('unhandledrejection'), { reason });
}

describe('errors before the SDK starts', () => {
  it('are held in order, uncaught errors and unhandled rejections alike, until taken', () => {
    const page = new EventTarget();
    const thrown = new Error('thrown');
    holdEarlyErrors(page);
    page.dispatchEvent(errorEvent(thrown));
    page.dispatchEvent(rejectionEvent('rejected'));
    page.dispatchEvent(errorEvent(null, 'Script error.'));
    expect(takeEarlyErrors()).toEqual([
      { error: thrown, mechanism: earlyErrorMechanisms.error },
      { error: 'rejected', mechanism: earlyErrorMechanisms.rejection },
      { error: 'Script error.', mechanism: earlyErrorMechanisms.error },
    ]);
  });

  it('are no longer held once taken, when the SDK’s own handlers have taken over', () => {
    const page = new EventTarget();
    holdEarlyErrors(page);
    takeEarlyErrors();
    page.dispatchEvent(errorEvent(new Error('after the start')));
    expect(takeEarlyErrors()).toEqual([]);
  });

  it('are held up to a limit, so that a page failing in a loop keeps its first failures only', () => {
    const page = new EventTarget();
    holdEarlyErrors(page);
    for (let count = 0; count < 100; count += 1) page.dispatchEvent(errorEvent(new Error(`failure ${count}`)));
    const held = takeEarlyErrors();
    expect(held).toHaveLength(30);
    expect(held[0]?.error).toEqual(new Error('failure 0'));
  });
});
