import type { ErrorGroup } from '@deckhand/contract/reports';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/support/test-app';
import { openTestDatabase } from '../../../test/support/test-database';
import { createSentryReporter } from '../../platform/server-errors';
import { createLocalErrorReporter } from './server-errors';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUp();
});
afterAll(() => t.close());

async function group(title: string): Promise<ErrorGroup | undefined> {
  const groups = (await t.request<ErrorGroup[]>('GET', '/api/admin/reports/errors', { token: admin.token })).body;
  return groups.find((g) => g.title === title);
}

function queryFailed(): Error {
  return new Error('Query failed', { cause: new TypeError('Connection terminated') });
}

describe('the server reporting its own 500s', () => {
  it('records them in the error groups, with the request, the user and the chain of causes', async () => {
    const reporter = createLocalErrorReporter(t.database.db, { release: '1.2.3', publicUrl: t.url }, t.app.log);
    const context = { method: 'POST', path: '/api/projects', userId: admin.id };
    await reporter.report(queryFailed(), context);
    await reporter.report(queryFailed(), context);
    const recorded = await group('Error: Query failed');
    expect(recorded).toMatchObject({ count: 2, users: 1, culprit: expect.stringMatching(/^queryFailed \(/) });
    expect(recorded?.latest_event).toMatchObject({
      platform: 'node',
      release: '1.2.3',
      message: 'POST /api/projects',
      url: `${t.url}/api/projects`,
      user_id: admin.id,
    });
    expect(recorded?.latest_event.exception.map((e) => `${e.type}: ${e.value}`)).toEqual([
      'TypeError: Connection terminated',
      'Error: Query failed',
    ]);
    expect(recorded?.latest_event.exception[1]?.stacktrace.frames.at(-1)).toMatchObject({
      function: 'queryFailed',
      filename: expect.stringContaining('server-errors.test.ts'),
      in_app: true,
    });
  });

  it('never rejects, even when the database is what failed', async () => {
    const broken = await openTestDatabase(inject('databaseTemplate'));
    await broken.close();
    const reporter = createLocalErrorReporter(broken.db, { release: '1.2.3', publicUrl: t.url }, t.app.log);
    await expect(reporter.report(new Error('first failure'), { method: 'GET', path: '/', userId: null })).resolves.toBe(
      undefined,
    );
    expect(t.logs.some((line) => line.includes('server error not recorded in error reports'))).toBe(true);
  });

  it('sends them with @sentry/node when SENTRY_DSN is set (here: to this instance)', async () => {
    const dsn = (await t.request<{ sentry_dsn: string }>('GET', '/api/client-config')).body.sentry_dsn;
    const reporter = await createSentryReporter({ dsn, release: '4.5.6', publicUrl: t.url }, t.app.log);
    await reporter.report(new RangeError('Sent through Sentry'), { method: 'GET', path: '/api/x', userId: admin.id });
    await reporter.close();
    const sent = await group('RangeError: Sent through Sentry');
    expect(sent?.latest_event).toMatchObject({
      platform: 'node',
      release: '4.5.6',
      user_id: admin.id,
      url: `${t.url}/api/x`,
    });
  });
});
