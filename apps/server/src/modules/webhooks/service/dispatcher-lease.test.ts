import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTeam, type Team } from '../../../../test/support/projects';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { addWebhook, webhookTestEnv } from '../../../../test/support/webhooks';
import { webhookDeliveries, webhooks } from '../../../db/schema/webhooks';
import { createWebhookDispatcher, settleMsOn } from './dispatcher';
import { deliveryIdAt } from './enqueue';
import type { DeliveryAttempt, Sender } from './send-delivery';

// A dispatcher of the test's own, with a sender that records each round instead of sending it: what is checked is
// which lease and secret each round went under, which no receiver can see. The app's own dispatcher stays out of
// the way because the test's instance holds the webhook's lease from the start.
const instanceId = 'dispatcher-lease-test';

let t: TestApp;
let team: Team;

beforeAll(async () => {
  t = await createTestApp(webhookTestEnv);
  team = await createTeam(t, 'Leases');
});
afterAll(async () => {
  await t?.close();
});

interface Round {
  count: number;
  secret: string;
  leaseUntil: Date | null;
  leaseOwner: string | null;
}

const sent: DeliveryAttempt = { ok: true, statusCode: 200, error: null, durationMs: 1, responseBody: '' };

/** A webhook leased to the test's instance, with `count` settled deliveries waiting. */
async function webhookWithDeliveries(count: number): Promise<string> {
  const hook = await addWebhook(t, team.owner, team.projectId, {
    url: 'http://127.0.0.1:9/hook',
    events: ['card.created'],
  });
  const { db } = t.database;
  await db
    .update(webhooks)
    .set({ leaseOwner: instanceId, leaseUntil: new Date(Date.now() + 60_000) })
    .where(eq(webhooks.id, hook.id));
  const seenAt = Date.now() - 1000;
  await db.insert(webhookDeliveries).values(
    Array.from({ length: count }, (_, i) => ({
      id: deliveryIdAt(seenAt),
      webhookId: hook.id,
      event: 'ping',
      requestBody: JSON.stringify({ type: 'ping', timestamp: new Date().toISOString(), data: { i } }),
      nextAttemptAt: new Date(seenAt),
    })),
  );
  return hook.id;
}

/**
 * Sends everything due for `webhookId` through a dispatcher with `leaseMs`, calling `duringRound` inside each round
 * (after it is recorded as sent); resolves with the rounds once nothing is left pending or after `timeoutMs`.
 */
async function dispatch(
  webhookId: string,
  {
    leaseMs,
    roundMs = 0,
    duringRound,
  }: { leaseMs: number; roundMs?: number; duringRound?: (round: number) => Promise<void> },
): Promise<Round[]> {
  const { db } = t.database;
  const rounds: Round[] = [];
  const sender: Sender = {
    send: async () => sent,
    async sendAll(target, deliveries) {
      // Recorded as it leaves, before anything is awaited: two rounds can be under way, and on PostgreSQL the
      // second's read of the lease may come back before the first's.
      const round: Round = { count: deliveries.length, secret: target.secret, leaseUntil: null, leaseOwner: null };
      rounds.push(round);
      const number = rounds.length;
      const [row] = await db
        .select({ leaseUntil: webhooks.leaseUntil, leaseOwner: webhooks.leaseOwner })
        .from(webhooks)
        .where(eq(webhooks.id, webhookId));
      if (row) Object.assign(round, row);
      await duringRound?.(number);
      if (roundMs > 0) await new Promise((resolve) => setTimeout(resolve, roundMs));
      return deliveries.map(() => sent);
    },
    close() {},
  };
  const dispatcher = createWebhookDispatcher(t.app.deps, { instanceId, sender, retryDelaysSeconds: [1], leaseMs });
  dispatcher.nudge([webhookId]);
  // The nudge waits for its deliveries to settle, then one drain sends every round.
  await expect
    .poll(
      async () => {
        const rows = await db
          .select({ leaseOwner: webhooks.leaseOwner })
          .from(webhooks)
          .where(eq(webhooks.id, webhookId));
        return rounds.length > 0 && rows[0]?.leaseOwner !== instanceId;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  await dispatcher.close();
  return rounds;
}

describe('a webhook dispatcher sending several rounds', () => {
  it('keeps the lease it took while it is young: no round writes the webhook again', async () => {
    const webhookId = await webhookWithDeliveries(250);
    const rounds = await dispatch(webhookId, { leaseMs: 60_000 });
    expect(rounds.map((round) => round.count)).toEqual([100, 100, 50]);
    const leases = new Set(rounds.map((round) => round.leaseUntil?.getTime()));
    expect(leases.size).toBe(1);
    expect(rounds.every((round) => round.leaseOwner === instanceId)).toBe(true);
  });

  it('renews the lease once half of it has passed, and signs each round with the secret as it is then', async () => {
    const webhookId = await webhookWithDeliveries(250);
    const { db } = t.database;
    const rounds = await dispatch(webhookId, {
      leaseMs: 400,
      roundMs: 250,
      // A rotation while the first round is out: the rounds after it are signed with the new secret.
      duringRound: async (round) => {
        if (round === 1) await db.update(webhooks).set({ secret: 'whsec_rotated' }).where(eq(webhooks.id, webhookId));
      },
    });
    expect(rounds.map((round) => round.count)).toEqual([100, 100, 50]);
    // The second round is read while the first is out, before or after the rotation; the third after it.
    expect(rounds[0]?.secret).not.toBe('whsec_rotated');
    expect(rounds[2]?.secret).toBe('whsec_rotated');
    // The third round is read after the first is answered, more than half a lease after it was taken: renewed.
    const leases = rounds.map((round) => round.leaseUntil?.getTime() ?? 0);
    expect(leases[2]).toBeGreaterThan(leases[0] ?? 0);
    expect(rounds.every((round) => round.leaseOwner === instanceId)).toBe(true);
  });

  it('stops after the round under way once another instance holds the lease', async () => {
    const webhookId = await webhookWithDeliveries(250);
    const { db } = t.database;
    const rounds = await dispatch(webhookId, {
      leaseMs: 60_000,
      duringRound: async (round) => {
        if (round === 1)
          await db
            .update(webhooks)
            .set({ leaseOwner: 'another-instance', leaseUntil: new Date(Date.now() + 60_000) })
            .where(eq(webhooks.id, webhookId));
      },
    });
    // The second round may have been read while the first was out, before the lease changed hands; no later one is.
    expect(rounds.map((round) => round.count)).toEqual([100, 100].slice(0, rounds.length));
    expect(rounds.length).toBeLessThanOrEqual(2);
    const sentCount = rounds.reduce((sum, round) => sum + round.count, 0);
    const statuses = await db
      .select({ status: webhookDeliveries.status })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, webhookId));
    // The rounds that left are recorded; the rest wait for the instance that holds the lease now.
    expect(statuses.filter((row) => row.status === 'succeeded')).toHaveLength(sentCount);
    expect(statuses.filter((row) => row.status === 'pending')).toHaveLength(250 - sentCount);
  });
});

describe('the settle time of deliveries', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for the history batch of this database (20 ms on PGlite, 100 on PostgreSQL) and 130 ms for its write', () => {
    expect(settleMsOn(t.database.db)).toBe(t.database.kind === 'pglite' ? 150 : 230);
  });

  /**
   * Nudges a dispatcher of the test's own for `webhookId` under fake timers, moves them on by `advanceMs`, and says
   * whether its drain started then; if it did, waits for the send.
   */
  async function sendsAfter(webhookId: string, seenAt: number, advanceMs: number): Promise<boolean> {
    let sends = 0;
    const sender: Sender = {
      send: async () => sent,
      async sendAll(_target, deliveries) {
        sends += 1;
        return deliveries.map(() => sent);
      },
      close() {},
    };
    const dispatcher = createWebhookDispatcher(t.app.deps, { instanceId, sender, retryDelaysSeconds: [1] });
    // Only the dispatcher's own timers are faked, and only while it is nudged: its queries run on real ones.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    dispatcher.nudge([webhookId], seenAt);
    vi.advanceTimersByTime(advanceMs);
    // The nudge's timer is the only one: what its drain runs before its first await (a query handed to the pool or
    // the PGlite thread) sets none, so a count of zero says the drain began.
    const waiting = vi.getTimerCount() > 0;
    vi.useRealTimers();
    if (!waiting) await expect.poll(() => sends).toBe(1);
    await dispatcher.close();
    return !waiting;
  }

  it('is counted from when the events were seen: a batch stored late is sent at once', async () => {
    const settleMs = settleMsOn(t.database.db);
    const late = await webhookWithDeliveries(1);
    expect(await sendsAfter(late, Date.now() - settleMs - 5, 0)).toBe(true);
    const fresh = await webhookWithDeliveries(1);
    expect(await sendsAfter(fresh, Date.now(), settleMs - 20)).toBe(false);
  });
});
