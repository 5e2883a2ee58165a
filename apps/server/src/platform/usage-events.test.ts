import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { usageEvents } from '../db/schema/usage-events';
import { createUsageEvents, type UsageEvent } from './usage-events';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('usage events written in batches', () => {
  it('writes a batch of several events as they were recorded, awkward characters and a missing user included', async () => {
    const user = await t.signUp();
    const events = createUsageEvents(t.database.db, t.app.log);
    const marker = crypto.randomUUID();
    const recorded: UsageEvent[] = [
      { name: 'task_updated', userId: user.id, properties: { marker, change: 'task_moved', n: 3 } },
      { name: 'page_open', userId: null, properties: { marker, page: 'say "hi", {x}\\y; \'z\'', ok: true } },
      { name: 'task_updated', userId: user.id, properties: { marker, none: null } },
    ];
    const written = Promise.all(recorded.map((event) => events.record(event)));
    await events.flush();
    await written;
    const rows = await t.database.db
      .select({ name: usageEvents.name, userId: usageEvents.userId, properties: usageEvents.properties })
      .from(usageEvents)
      .where(inArray(usageEvents.name, ['task_updated', 'page_open']));
    const ours = rows.filter((row) => row.properties.marker === marker);
    expect(ours).toHaveLength(3);
    expect(ours).toEqual(expect.arrayContaining(recorded));
  });

  it('keeps the good events of a batch when one cannot be written', async () => {
    const user = await t.signUp();
    const events = createUsageEvents(t.database.db, t.app.log);
    const marker = crypto.randomUUID();
    const unknownUser = crypto.randomUUID();
    const written = Promise.all([
      events.record({ name: 'page_open', userId: user.id, properties: { marker } }),
      events.record({ name: 'page_open', userId: unknownUser, properties: { marker } }),
    ]);
    await events.flush();
    await written;
    const rows = await t.database.db
      .select({ userId: usageEvents.userId, properties: usageEvents.properties })
      .from(usageEvents)
      .where(inArray(usageEvents.userId, [user.id, unknownUser]));
    expect(rows.filter((row) => row.properties.marker === marker)).toEqual([
      { userId: user.id, properties: { marker } },
    ]);
  });
});
