import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openTestDatabase } from '../../test/support/test-database';
import type { Database } from '../db/client';
import { outbox } from '../db/schema/outbox';
import { createDomainEvents, type EventBase } from './domain-events';

interface TestEvents {
  'thing.made': EventBase & { name: string };
  'thing.noted': EventBase & { name: string };
}

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase(inject('databaseTemplate'));
});
afterAll(() => database.close());

const log = pino({ level: 'silent' });
const actor = { userId: '01900000-0000-7000-8000-000000000001' };

function bus(options: { leaseMs?: number; pollMs?: number } = {}) {
  return createDomainEvents<TestEvents>({ db: database.db, log, ...options });
}

function outboxRows(subscriber: string) {
  return database.db.select({ attempts: outbox.attempts }).from(outbox).where(eq(outbox.subscriber, subscriber));
}

describe('the domain-event bus', () => {
  it('hands events to subscribers only once their transaction has committed', async () => {
    const events = bus();
    const seen: string[] = [];
    events.subscribe({ name: 'seen.committed', on: ['thing.made'], handle: (e) => void seen.push(`now:${e.name}`) });
    events.subscribe({
      name: 'seen.committed.durable',
      on: ['thing.made'],
      durable: true,
      handle: (e) => void seen.push(`durable:${e.name}`),
    });
    await events.transaction(async ({ emit }) => {
      emit({ type: 'thing.made', actor, name: 'kept' });
      expect(seen).toEqual([]);
    });
    // In order: what runs in the process first, then the outbox's effects (which may start at once).
    await expect.poll(() => seen).toEqual(['now:kept', 'durable:kept']);
    await expect.poll(() => outboxRows('seen.committed.durable')).toEqual([]);
    await events.close();
  });

  it('emits nothing and leaves no outbox row for a write that rolled back', async () => {
    const events = bus();
    const seen: string[] = [];
    events.subscribe({ name: 'seen.rollback', on: ['thing.made'], handle: (e) => void seen.push(e.name) });
    events.subscribe({
      name: 'seen.rollback.durable',
      on: ['thing.made'],
      durable: true,
      handle: (e) => void seen.push(e.name),
    });
    await expect(
      events.transaction(async ({ tx, emit }) => {
        await tx.execute(sql`select 1`);
        emit({ type: 'thing.made', actor, name: 'rolled back' });
        throw new Error('refused after the event was recorded');
      }),
    ).rejects.toThrow('refused after');
    await events.close();
    expect(seen).toEqual([]);
    expect(await outboxRows('seen.rollback.durable')).toEqual([]);
  });

  it('runs another area’s part of the write inside the transaction, with the events it emits', async () => {
    const events = bus();
    const seen: string[] = [];
    events.subscribeWithin({
      name: 'part.of.write',
      on: ['thing.made'],
      handle: async (e, { tx, emit }) => {
        await tx.execute(sql`select 1`);
        emit({ type: 'thing.noted', actor: e.actor, name: `note of ${e.name}` });
      },
    });
    events.subscribe({ name: 'seen.within', on: ['thing.made', 'thing.noted'], handle: (e) => void seen.push(e.name) });
    await events.transaction(async ({ emit }) => emit({ type: 'thing.made', actor, name: 'a' }));
    expect(seen).toEqual(['a', 'note of a']);
    await expect(
      events.transaction(async ({ emit }) => {
        emit({ type: 'thing.made', actor, name: 'b' });
        return Promise.reject(new Error('no'));
      }),
    ).rejects.toThrow('no');
    await expect(events.committed([{ type: 'thing.made', actor, name: 'c' }])).rejects.toThrow(/transaction/);
    expect(seen).toEqual(['a', 'note of a']);
    await events.close();
  });

  it('writes an outbox row only for the events a durable subscriber wants', async () => {
    const events = bus({ leaseMs: 60_000 });
    events.subscribe({
      name: 'wants.some',
      on: ['thing.made'],
      durable: true,
      wants: (e) => e.name === 'wanted',
      handle: () => new Promise(() => {}), // never settles: the row stays while the test looks
    });
    await events.transaction(async ({ emit }) => {
      emit({ type: 'thing.made', actor, name: 'wanted' });
      emit({ type: 'thing.made', actor, name: 'not wanted' });
    });
    expect(await outboxRows('wants.some')).toHaveLength(1);
    expect(events.isDurable({ type: 'thing.made', actor, name: 'not wanted' })).toBe(false);
    await expect(events.committed([{ type: 'thing.made', actor, name: 'wanted' }])).rejects.toThrow(/durable/);
    await database.db.execute(sql`delete from ${outbox} where subscriber = 'wants.some'`);
  });

  it('retries a durable effect that failed, from the outbox, until it succeeds', async () => {
    const events = bus({ pollMs: 50 });
    let calls = 0;
    events.subscribe({
      name: 'fails.once',
      on: ['thing.noted'],
      durable: true,
      handle: () => {
        calls += 1;
        if (calls === 1) throw new Error('the mail server is down');
      },
    });
    events.start();
    await events.transaction(async ({ emit }) => emit({ type: 'thing.noted', actor, name: 'retry me' }));
    await expect.poll(() => outboxRows('fails.once')).toEqual([{ attempts: 1 }]);
    // The first retry waits 2 s (backoff), then the poller runs it again.
    await expect.poll(() => calls, { timeout: 10_000 }).toBe(2);
    await expect.poll(() => outboxRows('fails.once')).toEqual([]);
    await events.close();
  });

  it('runs rows another instance left behind once their lease has passed', async () => {
    const dying = bus({ leaseMs: 200 });
    dying.subscribe({ name: 'left.behind', on: ['thing.made'], durable: true, handle: () => new Promise(() => {}) });
    await dying.transaction(async ({ emit }) => emit({ type: 'thing.made', actor, name: 'orphan' }));
    const survivor = bus({ leaseMs: 200, pollMs: 50 });
    const ran: string[] = [];
    survivor.subscribe({
      name: 'left.behind',
      on: ['thing.made'],
      durable: true,
      handle: (e) => void ran.push(e.name),
    });
    survivor.start();
    await expect.poll(() => ran, { timeout: 5_000 }).toEqual(['orphan']);
    await expect.poll(() => outboxRows('left.behind')).toEqual([]);
    await survivor.close();
  });
});
