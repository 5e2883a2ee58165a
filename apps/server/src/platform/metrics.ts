import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * What an operator watches (GET /metrics, Prometheus' text format). One registry per app, not prom-client's
 * global one: tests build several apps in one process. Parts of the server count through the instruments here;
 * gauges of things that live elsewhere (sockets, documents, queues) are read when scraped.
 */
export interface Metrics {
  registry: Registry;
  /** Pub/sub connections that came back after being lost, by component (live, collab). */
  pubsubReconnects: Counter<'component'>;
  /** Resyncs sent to this instance's sockets after messages may have been missed, by component. */
  pubsubResyncs: Counter<'component'>;
  /** Job handlers that threw (the job is retried), by queue. */
  jobFailures: Counter<'queue'>;
  /** A gauge read when scraped: `read` returns its value, or values by one label. */
  gauge(name: string, help: string, read: () => Promise<number> | number): void;
  gaugeBy(
    name: string,
    help: string,
    label: string,
    read: () => Promise<Iterable<[string, number]>> | Iterable<[string, number]>,
  ): void;
}

/** Request durations from a fast read (a few ms) to a slow upload (a minute). */
const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
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

/**
 * Times every request by its route's pattern (`/api/tasks/:taskId`), never its URL: ids in label values would
 * make a new series per task. Requests no route matched share one label.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request’s arrival to its answer, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'],
    buckets: durationBuckets,
    registers: [metrics.registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    duration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
}
