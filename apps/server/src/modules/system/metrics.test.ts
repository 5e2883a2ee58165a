import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOk } from '../../../test/support/api-call';
import { connectLive } from '../../../test/support/live-client';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

const metricsToken = 'scrape-me-please-0123456789';

let t: TestApp;
let off: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: metricsToken });
  off = await createTestApp();
});
afterAll(async () => {
  await off?.close();
  await t?.close();
});

async function scrape(app: TestApp, authorization?: string) {
  const res = await fetch(`${app.url}/metrics`, { headers: authorization ? { authorization } : {} });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

/** The value of one series in Prometheus' text format, or undefined. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('is off (404) unless METRICS_TOKEN is set', async () => {
    const res = await scrape(off, `Bearer ${metricsToken}`);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.text)).toMatchObject({ error: { code: 'request/not-found' } });
  });

  it('needs the token: 401 without it or with another', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${metricsToken}`]) {
      const res = await scrape(t, authorization);
      expect(res.status).toBe(401);
      expect(JSON.parse(res.text)).toMatchObject({ error: { code: 'auth/unauthenticated' } });
    }
  });

  it('times requests by route pattern, method and status, and counts open sockets', async () => {
    const owner = await t.signUp();
    const project = await callOk(t, owner, 'POST', '/api/projects', { name: 'Measured' });
    await t.request('GET', `/api/projects/${project.id}`, { token: owner.token });
    await t.request('GET', '/api/projects/00000000-0000-7000-8000-000000000000', { token: owner.token });
    const live = await connectLive(t.url, owner.token);
    try {
      await expect.poll(() => t.app.deps.live.localSocketCount()).toBe(1);
      const res = await scrape(t, `Bearer ${metricsToken}`);
      expect(res.status).toBe(200);
      expect(res.type).toContain('text/plain');
      const { text } = res;
      expect(
        seriesValue(
          text,
          'http_request_duration_seconds_count{method="GET",route="/api/projects/:projectId",status_code="200"}',
        ),
      ).toBe(1);
      expect(
        seriesValue(
          text,
          'http_request_duration_seconds_count{method="GET",route="/api/projects/:projectId",status_code="404"}',
        ),
      ).toBe(1);
      // The pattern, never the URL: no id appears in a label.
      expect(text).not.toContain(project.id);
      expect(seriesValue(text, 'deckhand_live_sockets')).toBe(1);
      expect(seriesValue(text, 'deckhand_collab_sockets')).toBe(0);
      expect(seriesValue(text, 'deckhand_collab_documents')).toBe(0);
      for (const name of [
        'deckhand_job_queue_depth',
        'deckhand_job_failures_total',
        'deckhand_pubsub_reconnects_total',
        'deckhand_pubsub_resyncs_total',
        'process_resident_memory_bytes',
        'nodejs_eventloop_lag_seconds',
      ]) {
        expect(text).toContain(`# TYPE ${name} `);
      }
      if (t.database.kind === 'postgres') expect(text).toMatch(/deckhand_db_pool_connections\{state="total"\} \d+/);
    } finally {
      live.close();
    }
  });
});
