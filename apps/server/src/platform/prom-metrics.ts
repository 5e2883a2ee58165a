import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Metrics } from './metrics';

/** Request durations from a fast read (a few ms) to a slow upload (a minute). */
const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/**
 * The instruments on prom-client, with METRICS_TOKEN set (metrics.ts). One registry per app, not prom-client's
 * global one: tests build several apps in one process.
 */
export function createPromMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request’s arrival to its answer, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'],
    buckets: durationBuckets,
    registers: [registry],
  });
  return {
    async render() {
      return { contentType: registry.contentType, text: await registry.metrics() };
    },
    observeRequest(labels, seconds) {
      duration.observe(labels, seconds);
    },
    pubsubReconnects: new Counter({
      name: 'deckhand_pubsub_reconnects_total',
      help: 'Pub/sub connections (Redis) that came back after being lost',
      labelNames: ['component'],
      registers: [registry],
    }),
    pubsubResyncs: new Counter({
      name: 'deckhand_pubsub_resyncs_total',
      help: 'Resyncs sent to this instance’s sockets after messages may have been missed',
      labelNames: ['component'],
      registers: [registry],
    }),
    jobFailures: new Counter({
      name: 'deckhand_job_failures_total',
      help: 'Job handlers that failed (the job is tried again), by queue',
      labelNames: ['queue'],
      registers: [registry],
    }),
    gauge(name, help, read) {
      new Gauge({
        name,
        help,
        registers: [registry],
        async collect() {
          this.set(await read());
        },
      });
    },
    gaugeBy(name, help, label, read) {
      new Gauge({
        name,
        help,
        labelNames: [label],
        registers: [registry],
        async collect() {
          // Labels no longer read (a queue emptied and removed) must not keep their last value.
          this.reset();
          for (const [value, count] of await read()) this.set({ [label]: value }, count);
        },
      });
    },
  };
}
