import { describe, expect, it } from 'vitest';
import { deliveryPollHorizonMs, deliveryPollIntervalMs, deliveryPollMs } from './delivery-polling';

const nowMs = Date.parse('2026-03-01T12:00:00.000Z');
const at = (offsetMs: number) => new Date(nowMs + offsetMs).toISOString();

describe('deliveryPollMs', () => {
  it('does not poll a log with nothing pending', () => {
    expect(deliveryPollMs([], nowMs)).toBe(false);
    expect(
      deliveryPollMs(
        [
          { status: 'succeeded', nextAttemptAt: null },
          { status: 'failed', nextAttemptAt: null },
        ],
        nowMs,
      ),
    ).toBe(false);
  });

  it('polls while a delivery is due now or soon', () => {
    expect(deliveryPollMs([{ status: 'pending', nextAttemptAt: at(-1_000) }], nowMs)).toBe(deliveryPollIntervalMs);
    expect(deliveryPollMs([{ status: 'pending', nextAttemptAt: at(5_000) }], nowMs)).toBe(deliveryPollIntervalMs);
    expect(deliveryPollMs([{ status: 'pending', nextAttemptAt: null }], nowMs)).toBe(deliveryPollIntervalMs);
  });

  it('stops for a retry further away than the horizon', () => {
    expect(deliveryPollMs([{ status: 'pending', nextAttemptAt: at(deliveryPollHorizonMs + 1) }], nowMs)).toBe(false);
    expect(deliveryPollMs([{ status: 'pending', nextAttemptAt: at(5 * 60_000) }], nowMs)).toBe(false);
  });
});
