import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type BuiltAnswer, createAnswerCache, sendAnswer } from './answer-cache';

/** A build whose result the test hands over when it likes, counting how often it was started. */
function controlledBuild() {
  let calls = 0;
  const pending: ((answer: BuiltAnswer) => void)[] = [];
  const failures: ((err: Error) => void)[] = [];
  return {
    build: () => {
      calls += 1;
      return new Promise<BuiltAnswer>((resolve, reject) => {
        pending.push(resolve);
        failures.push(reject);
      });
    },
    finish: (index: number, value: unknown) => pending[index]?.({ value }),
    fail: (index: number) => failures[index]?.(new Error('database gone')),
    get calls() {
      return calls;
    },
  };
}

const text = (answer: { body: Buffer }) => answer.body.toString('utf8');

afterEach(() => {
  vi.useRealTimers();
});

describe('createAnswerCache', () => {
  it('builds once for callers asking at the same time, then answers from memory while the version holds', async () => {
    const cache = createAnswerCache({ maxBytes: 1024 });
    const control = controlledBuild();
    const first = cache.get('k', 'v1', control.build);
    const second = cache.get('k', 'v1', control.build);
    control.finish(0, { n: 1 });
    expect((await Promise.all([first, second])).map(text)).toEqual(['{"n":1}', '{"n":1}']);
    expect(text(await cache.get('k', 'v1', control.build))).toBe('{"n":1}');
    expect(control.calls).toBe(1);
  });

  it('builds again when the version moves, and the ETag follows the bytes', async () => {
    const cache = createAnswerCache({ maxBytes: 1024 });
    const a = await cache.get('k', 'v1', async () => ({ value: ['a'] }));
    const b = await cache.get('k', 'v2', async () => ({ value: ['b'] }));
    const again = await cache.get('k', 'v3', async () => ({ value: ['b'] }));
    expect(text(b)).toBe('["b"]');
    expect(b.etag).not.toBe(a.etag);
    expect(again.etag).toBe(b.etag);
  });

  it('does not keep what an older build finished after a newer one started', async () => {
    const cache = createAnswerCache({ maxBytes: 1024 });
    const control = controlledBuild();
    const old = cache.get('k', 'v1', control.build);
    const fresh = cache.get('k', 'v2', control.build);
    control.finish(1, 'new');
    control.finish(0, 'old');
    expect(text(await old)).toBe('"old"');
    expect(text(await fresh)).toBe('"new"');
    expect(text(await cache.get('k', 'v2', control.build))).toBe('"new"');
    expect(control.calls).toBe(2);
  });

  it('keeps no failed build: the next caller tries again', async () => {
    const cache = createAnswerCache({ maxBytes: 1024 });
    const control = controlledBuild();
    const failed = cache.get('k', 'v1', control.build);
    control.fail(0);
    await expect(failed).rejects.toThrow('database gone');
    const retried = cache.get('k', 'v1', control.build);
    control.finish(1, 'ok');
    expect(text(await retried)).toBe('"ok"');
  });

  it('builds again once an answer is stale by time, at the same version', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_000_000);
    const cache = createAnswerCache({ maxBytes: 1024 });
    let builds = 0;
    const build = async () => {
      builds += 1;
      return { value: builds, staleAt: 1_000_500 };
    };
    await cache.get('k', 'v1', build);
    await cache.get('k', 'v1', build);
    expect(builds).toBe(1);
    vi.setSystemTime(1_000_500);
    expect(text(await cache.get('k', 'v1', build))).toBe('2');
  });

  it('drops the least recently used answers past its size, and never holds one answer over a quarter of it', async () => {
    const cache = createAnswerCache({ maxBytes: 100 });
    const answerOf = (size: number) => async () => ({ value: 'x'.repeat(size - 2) });
    await cache.get('a', 'v', answerOf(25));
    await cache.get('b', 'v', answerOf(25));
    await cache.get('c', 'v', answerOf(25));
    await cache.get('a', 'v', answerOf(25)); // a is now the most recently used
    await cache.get('d', 'v', answerOf(25));
    await cache.get('e', 'v', answerOf(25));
    expect(cache.bytes).toBe(100);
    let rebuilt = 0;
    const counting = async () => {
      rebuilt += 1;
      return { value: 'y'.repeat(23) };
    };
    await cache.get('a', 'v', counting);
    expect(rebuilt).toBe(0);
    await cache.get('b', 'v', counting);
    expect(rebuilt).toBe(1);
    await cache.get('huge', 'v', answerOf(26));
    await cache.get('huge', 'v', counting);
    expect(rebuilt).toBe(2);
    expect(cache.bytes).toBeLessThanOrEqual(100);
  });
});

describe('sendAnswer', () => {
  const app = Fastify();
  const cache = createAnswerCache({ maxBytes: 1024 });
  app.get('/list', async (req, reply) =>
    sendAnswer(req, reply, await cache.get('k', 'v', async () => ({ value: [1] }))),
  );

  it.each([
    ['its own ETag', (etag: string) => etag, 304],
    ['its strong form', (etag: string) => etag.replace(/^W\//, ''), 304],
    ['a list naming it', (etag: string) => `"other", ${etag}`, 304],
    ['*', () => '*', 304],
    ['another ETag', () => '"other"', 200],
  ])('answers If-None-Match with %s by %i', async (_label, header, status) => {
    const first = await app.inject({ url: '/list' });
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.body).toBe('[1]');
    const etag = String(first.headers.etag);
    const res = await app.inject({ url: '/list', headers: { 'if-none-match': header(etag) } });
    expect(res.statusCode).toBe(status);
    expect(res.body).toBe(status === 304 ? '' : '[1]');
  });
});
