import { webhookLimits, webhookMaxAttempts } from '@deckhand/contract/webhooks';
import { and, asc, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '../../../app-deps';
import { selectRows } from '../../../db/rows';
import { webhookDeliveries, webhooks } from '../../../db/schema/webhooks';
import { writeBehindDelayMs } from '../../../platform/write-behind';
import { notify } from '../../notifications/commands/notify';
import { listManagerIds } from '../../projects/queries/access';
import type { DeliveryAttempt, Sender } from './send-delivery';

export interface WebhookDispatcher {
  /**
   * Sends what is due for these webhooks once deliveries of events seen at `seenAt` (ms; now unless given) have
   * settled, on this instance unless another holds their lease.
   */
  nudge(webhookIds: Iterable<string>, seenAt?: number): void;
  /** Looks for due deliveries no instance is sending (a retry come due, an instance that died) and sends them. */
  sweep(): Promise<void>;
  /** Stops taking new work and waits for the sends under way (each at most the attempt's timeout). */
  close(): Promise<void>;
}

export interface DispatcherOptions {
  /** Names this instance in a webhook's lease. */
  instanceId: string;
  sender: Sender;
  /** The waits before each retry, in seconds (the contract's schedule unless a test shortens it). */
  retryDelaysSeconds: readonly number[];
  leaseMs?: number;
}

/** Deliveries read and sent per round: their results are written together, and the lease renewed. */
const roundSize = 100;
/**
 * A delivery leaves once its event is this old (its id's time; see enqueue.ts): an event's history entry may still
 * be waiting in the recorder's batch while a later message's delivery is already stored, and it must go first. The
 * batch's delay on `db` (20 ms on PGlite, 100 on PostgreSQL), and 130 ms for its write.
 */
export function settleMsOn(db: object): number {
  return writeBehindDelayMs(db) + 130;
}
/** A retry due sooner than this is timed here; a later one is found by the sweep. */
const timedRetryMaxMs = 60_000;
const dayMs = 24 * 60 * 60 * 1000;

type Target = {
  id: string;
  projectId: string;
  url: string;
  secret: string;
  /** As last written: a round of successes after successes writes nothing about the webhook's health. */
  failuresInRow: number;
};
type Due = { id: string; requestBody: string; attempts: number };

/** An attempt the sender did not answer for (it answers for every delivery it is given). */
const notSent: DeliveryAttempt = { ok: false, statusCode: null, error: 'not sent', durationMs: 0, responseBody: null };

/** The smallest UUIDv7 of the millisecond `ms`: ids below it are of events before it. */
function uuidFloor(ms: number): string {
  const hex = Math.max(ms, 0).toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7000-8000-000000000000`;
}

/** The webhook's deliveries that may leave now: pending, due, and of events that have settled. */
function dueNow(webhookId: string, settleMs: number) {
  return and(
    eq(webhookDeliveries.webhookId, webhookId),
    eq(webhookDeliveries.status, 'pending'),
    lte(webhookDeliveries.nextAttemptAt, sql`now()`),
    lt(webhookDeliveries.id, uuidFloor(Date.now() - settleMs)),
  );
}

/**
 * Sends each webhook's deliveries in the order of their events, a round at a time pipelined on one connection, from
 * one instance at a time: the instance that takes a webhook's lease sends what is due, renewing the lease once
 * half of it has passed, and gives it up when nothing is left. A failed attempt is tried again on the schedule (its
 * `next_attempt_at`), while the later deliveries go on. Repeated failure disables the webhook and tells its
 * project's admins.
 */
export function createWebhookDispatcher(deps: AppDeps, options: DispatcherOptions): WebhookDispatcher {
  const { db, log } = deps;
  const settleMs = settleMsOn(db);
  const leaseMs = options.leaseMs ?? 60_000;
  const running = new Map<string, Promise<void>>();
  /** Nudged while draining: look again before giving the lease up. */
  const again = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  async function takeLease(webhookId: string): Promise<Target | undefined> {
    const [row] = await db
      .update(webhooks)
      .set({ leaseOwner: options.instanceId, leaseUntil: new Date(Date.now() + leaseMs) })
      .where(
        and(
          eq(webhooks.id, webhookId),
          eq(webhooks.enabled, true),
          or(
            isNull(webhooks.leaseUntil),
            lt(webhooks.leaseUntil, sql`now()`),
            eq(webhooks.leaseOwner, options.instanceId),
          ),
        ),
      )
      .returning({
        id: webhooks.id,
        projectId: webhooks.projectId,
        url: webhooks.url,
        secret: webhooks.secret,
        failuresInRow: webhooks.failuresInRow,
      });
    return row;
  }

  async function giveLeaseUp(webhookId: string): Promise<void> {
    await db
      .update(webhooks)
      .set({ leaseOwner: null, leaseUntil: null })
      .where(and(eq(webhooks.id, webhookId), eq(webhooks.leaseOwner, options.instanceId)));
  }

  /**
   * Due deliveries in event order, with the webhook's URL and secret as they are now (a rotated secret signs the
   * next round), while this instance holds its lease and it is enabled; `after`: only those after that id (the next
   * round, while one is sent).
   */
  async function dueOf(
    webhookId: string,
    limit: number,
    after?: string,
  ): Promise<{ due: Due[]; url?: string; secret?: string }> {
    const rows = await db
      .select({
        id: webhookDeliveries.id,
        requestBody: webhookDeliveries.requestBody,
        attempts: webhookDeliveries.attempts,
        url: webhooks.url,
        secret: webhooks.secret,
      })
      .from(webhookDeliveries)
      .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
      .where(
        and(
          dueNow(webhookId, settleMs),
          after === undefined ? undefined : gt(webhookDeliveries.id, after),
          eq(webhooks.enabled, true),
          eq(webhooks.leaseOwner, options.instanceId),
          gt(webhooks.leaseUntil, sql`now()`),
        ),
      )
      .orderBy(asc(webhookDeliveries.id))
      .limit(limit);
    const first = rows[0];
    return {
      due: rows.map(({ id, requestBody, attempts }) => ({ id, requestBody, attempts })),
      ...(first && { url: first.url, secret: first.secret }),
    };
  }

  /** Whether any delivery of the webhook is due, whoever holds its lease. */
  async function anyDue(webhookId: string): Promise<boolean> {
    const rows = await db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(dueNow(webhookId, settleMs))
      .limit(1);
    return rows.length > 0;
  }

  function retryAt(attempts: number): Date | null {
    if (attempts >= webhookMaxAttempts) return null;
    const seconds = options.retryDelaysSeconds[attempts - 1] ?? options.retryDelaysSeconds.at(-1) ?? 5;
    return new Date(Date.now() + seconds * 1000);
  }

  /** Writes a round's results in one statement, and the webhook's run of failures. */
  async function record(target: Target, results: { due: Due; attempt: DeliveryAttempt }[]): Promise<Date | null> {
    let earliestRetry: Date | null = null;
    const rows = results.map(({ due, attempt }) => {
      const attempts = due.attempts + 1;
      const next = attempt.ok ? null : retryAt(attempts);
      if (next && (!earliestRetry || next < earliestRetry)) earliestRetry = next;
      return {
        id: due.id,
        status: attempt.ok ? 'succeeded' : next ? 'pending' : 'failed',
        attempts,
        code: attempt.statusCode,
        error: attempt.error,
        duration: attempt.durationMs,
        response: attempt.responseBody,
        next: next?.toISOString() ?? null,
      };
    });
    const column = <K extends keyof (typeof rows)[number]>(key: K) => rows.map((row) => row[key]);
    await db.execute(sql`
      update webhook_deliveries d set status = u.status, attempts = u.attempts, last_status_code = u.code,
        last_error = u.error, duration_ms = u.duration, response_body = u.response, next_attempt_at = u.next
      from unnest(${sql.param(column('id'))}::uuid[], ${sql.param(column('status'))}::text[],
        ${sql.param(column('attempts'))}::int[], ${sql.param(column('code'))}::int[],
        ${sql.param(column('error'))}::text[], ${sql.param(column('duration'))}::int[],
        ${sql.param(column('response'))}::text[], ${sql.param(column('next'))}::timestamptz[])
        as u(id, status, attempts, code, error, duration, response, next)
      where d.id = u.id`);

    const lastOk = results.map((r) => r.attempt.ok).lastIndexOf(true);
    const failedAfter = results.length - 1 - lastOk;
    if (failedAfter === 0 && target.failuresInRow === 0) return earliestRetry;
    const [health] = await selectRows(
      db,
      z.object({ failures_in_row: z.number(), failing_since: z.coerce.date().nullable() }),
      lastOk >= 0
        ? sql`update webhooks set failures_in_row = ${failedAfter},
            failing_since = ${failedAfter > 0 ? new Date().toISOString() : null}::timestamptz
          where id = ${target.id} returning failures_in_row, failing_since`
        : sql`update webhooks set failures_in_row = failures_in_row + ${results.length},
            failing_since = coalesce(failing_since, now())
          where id = ${target.id} returning failures_in_row, failing_since`,
    );
    if (health) {
      target.failuresInRow = health.failures_in_row;
      await disableIfFailing(target, health.failures_in_row, health.failing_since);
    }
    return earliestRetry;
  }

  async function disableIfFailing(target: Target, failures: number, since: Date | null): Promise<void> {
    const tooMany = failures >= webhookLimits.disableAfterFailures;
    const tooLong = since !== null && Date.now() - since.getTime() >= webhookLimits.disableAfterDays * dayMs;
    if (!tooMany && !tooLong) return;
    const reason = tooMany
      ? `Disabled after ${failures} failed deliveries in a row.`
      : `Disabled after ${webhookLimits.disableAfterDays} days of failed deliveries.`;
    const [disabled] = await db
      .update(webhooks)
      .set({ enabled: false, disabledReason: reason })
      .where(and(eq(webhooks.id, target.id), eq(webhooks.enabled, true)))
      .returning({ id: webhooks.id });
    if (!disabled) return;
    log.warn({ webhookId: target.id, failures }, 'webhook disabled after repeated failures');
    for (const userId of await listManagerIds(db, target.projectId)) {
      await notify(deps, {
        userId,
        type: 'webhook_disabled',
        title: 'A webhook was disabled',
        message: `${target.url}: ${reason} Enable it again in the project's settings once its receiver works.`,
        projectId: target.projectId,
        author: null,
      });
    }
  }

  function retryLater(webhookId: string, at: Date): void {
    const wait = at.getTime() - Date.now();
    if (closed || wait > timedRetryMaxMs) return;
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        drain(webhookId);
      },
      Math.max(wait, 0),
    );
    timer.unref();
    timers.add(timer);
  }

  /**
   * Sends rounds until nothing is due. A round leaves at once, queued behind the one before it on the receiver's
   * connection (so in order); while it is on the wire the next round is read, and the one before it has its results
   * written: at most two rounds are under way. Each round is read only while the lease is held (dueOf), and the
   * lease is renewed once half of it has passed, not every round: renewing it wrote the webhook's row once per
   * round (on the bench's 1,500 deliveries, 138 writes of the webhooks' rows, 62 now).
   */
  async function sendRounds(webhookId: string, target: Target): Promise<void> {
    let leaseTakenAt = Date.now();
    let { due } = await dueOf(webhookId, roundSize);
    let recorded: Promise<void> = Promise.resolve();
    while (due.length > 0) {
      const round = due;
      const sending = options.sender.sendAll(
        target,
        round.map((delivery) => ({ id: delivery.id, body: delivery.requestBody })),
      );
      const before = recorded;
      // Written in round order: a webhook's run of failures is counted in the order its deliveries left.
      recorded = Promise.all([before, sending]).then(async ([, attempts]) => {
        const retry = await record(
          target,
          round.map((delivery, i) => ({ due: delivery, attempt: attempts[i] ?? notSent })),
        );
        if (retry) retryLater(webhookId, retry);
      });
      // Awaited below or at the end; a failure must not also surface as an unhandled rejection meanwhile.
      recorded.catch(() => {});
      await before;
      if (closed) break;
      if (Date.now() - leaseTakenAt >= leaseMs / 2) {
        if (!(await takeLease(webhookId))) break;
        leaseTakenAt = Date.now();
      }
      const next = await dueOf(webhookId, roundSize, round.at(-1)?.id);
      due = next.due;
      if (next.url !== undefined && next.secret !== undefined) {
        target.url = next.url;
        target.secret = next.secret;
      }
    }
    await recorded;
  }

  /** Sends what is due for one webhook while holding its lease. */
  async function sendDue(webhookId: string): Promise<void> {
    for (;;) {
      again.delete(webhookId);
      const target = await takeLease(webhookId);
      if (!target) return;
      try {
        await sendRounds(webhookId, target);
      } finally {
        await giveLeaseUp(webhookId);
      }
      // Given up after looking: what another instance added meanwhile (it could not take the lease) is sent here.
      if (closed || (!again.has(webhookId) && !(await anyDue(webhookId)))) return;
    }
  }

  function drain(webhookId: string): void {
    if (closed) return;
    if (running.has(webhookId)) {
      again.add(webhookId);
      return;
    }
    const run = sendDue(webhookId)
      .catch((err: unknown) => log.error({ err, webhookId }, 'webhook deliveries not sent; the sweep tries again'))
      .finally(() => {
        running.delete(webhookId);
        if (again.has(webhookId)) drain(webhookId);
      });
    running.set(webhookId, run);
  }

  /** Per webhook nudged in the last moment: when its latest delivery will have settled (ms). */
  const settling = new Map<string, number>();

  /** Sends for the webhook once its deliveries have settled, and again if more came meanwhile. */
  function afterSettling(webhookId: string, waitMs: number): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      drain(webhookId);
      const latest = settling.get(webhookId) ?? 0;
      if (latest > Date.now()) afterSettling(webhookId, latest - Date.now());
      else settling.delete(webhookId);
    }, waitMs);
    timer.unref();
    timers.add(timer);
  }

  return {
    nudge(webhookIds, seenAt = Date.now()) {
      // Timed from the event, not from now: a history entry's deliveries are stored a batch after their event, and
      // waiting a whole settleMs more held them back behind later messages (dueNow takes ids of earlier milliseconds).
      const settledAt = seenAt + settleMs + 1;
      for (const id of webhookIds) {
        if (closed) return;
        const latest = settling.get(id);
        settling.set(id, Math.max(latest ?? 0, settledAt));
        if (latest === undefined) afterSettling(id, Math.max(settledAt - Date.now(), 0));
      }
    },
    async sweep() {
      const rows = await selectRows(
        db,
        z.object({ webhook_id: z.string() }),
        sql`select distinct d.webhook_id from webhook_deliveries d join webhooks w on w.id = d.webhook_id
          where d.status = 'pending' and d.next_attempt_at <= now() and d.id < ${uuidFloor(Date.now() - settleMs)}::uuid
            and w.enabled
            and (w.lease_until is null or w.lease_until < now())
          limit 100`,
      );
      for (const row of rows) drain(row.webhook_id);
    },
    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all(running.values());
    },
  };
}
