import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { invalidateWithoutAbsorbing } from './invalidate-without-absorbing';

/** A query function whose answers the test hands out one at a time, as a slow server would. */
function controlledFetches() {
  const waiting: ((value: string) => void)[] = [];
  return {
    queryFn: () => new Promise<string>((resolve) => waiting.push(resolve)),
    get started() {
      return waiting.length;
    },
    answer(index: number, value: string) {
      waiting[index]?.(value);
    },
  };
}

/** Resolves once `check` holds, polling the microtask queue (no timers: the fetches are driven by hand). */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !check(); i++) await Promise.resolve();
  expect(check()).toBe(true);
}

let client: QueryClient;

afterEach(() => client.clear());

/** A new client with the query `key` observed as a page would, its first fetch under way and answered by hand. */
async function observeFirstFetch(key: string) {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const fetches = controlledFetches();
  const unsubscribe = new QueryObserver(client, { queryKey: [key], queryFn: fetches.queryFn }).subscribe(() => {});
  await until(() => fetches.started === 1);
  return { fetches, unsubscribe };
}

describe('invalidateWithoutAbsorbing', () => {
  it('fetches a loading query once more when an invalidation arrives during its first fetch', async () => {
    const { fetches, unsubscribe } = await observeFirstFetch('messages');

    // The message is deleted while the page's first fetch is under way; the live event invalidates.
    invalidateWithoutAbsorbing(client, () => void client.invalidateQueries({ queryKey: ['messages'] }));
    fetches.answer(0, 'read before the deletion');
    await until(() => fetches.started === 2);
    fetches.answer(1, 'read after the deletion');
    await until(() => client.getQueryData(['messages']) === 'read after the deletion');
    unsubscribe();
  });

  it('makes one more fetch for several invalidations during one first fetch', async () => {
    const { fetches, unsubscribe } = await observeFirstFetch('board');

    for (let i = 0; i < 5; i++) {
      invalidateWithoutAbsorbing(client, () => void client.invalidateQueries({ queryKey: ['board'] }));
    }
    fetches.answer(0, 'first');
    await until(() => fetches.started === 2);
    fetches.answer(1, 'second');
    await until(() => client.getQueryData(['board']) === 'second');
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(fetches.started).toBe(2);
    unsubscribe();
  });

  it('leaves alone queries the invalidation did not touch, and queries that already have data', async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const other = controlledFetches();
    const loaded = controlledFetches();
    const otherObserver = new QueryObserver(client, { queryKey: ['other'], queryFn: other.queryFn });
    const loadedObserver = new QueryObserver(client, { queryKey: ['loaded'], queryFn: loaded.queryFn });
    const stop = [otherObserver.subscribe(() => {}), loadedObserver.subscribe(() => {})];
    await until(() => other.started === 1 && loaded.started === 1);
    loaded.answer(0, 'data');
    await until(() => client.getQueryData(['loaded']) === 'data');

    invalidateWithoutAbsorbing(client, () => void client.invalidateQueries({ queryKey: ['loaded'] }));
    // With data, TanStack Query itself refetches: one new fetch, none added by the helper.
    await until(() => loaded.started === 2);
    other.answer(0, 'untouched');
    loaded.answer(1, 'fresh');
    await until(() => client.getQueryData(['loaded']) === 'fresh');
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(other.started).toBe(1);
    expect(loaded.started).toBe(2);
    for (const unsubscribe of stop) unsubscribe();
  });
});
