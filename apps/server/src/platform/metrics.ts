import type { FastifyInstance } from 'fastify';

/** A counter by one label. */
export interface Count {
  inc(labels: Record<string, string>): void;
}

/**
 * What an operator watches (GET /metrics, Prometheus' text format). Parts of the server count through the
 * instruments here; gauges of things that live elsewhere (sockets, documents, queues) are read when scraped.
 */
export interface Metrics {
  /** The text GET /metrics answers, and its content type. */
  render(): Promise<{ contentType: string; text: string }>;
  /** Times a request by its route's pattern. */
  observeRequest(labels: { method: string; route: string; status_code: string }, seconds: number): void;
  /** Pub/sub connections that came back after being lost, by component (live, collab). */
  pubsubReconnects: Count;
  /** Resyncs sent to this instance's sockets after messages may have been missed, by component. */
  pubsubResyncs: Count;
  /** Job handlers that threw (the job is retried), by queue. */
  jobFailures: Count;
  /** A gauge read when scraped: `read` returns its value, or values by one label. */
  gauge(name: string, help: string, read: () => Promise<number> | number): void;
  gaugeBy(
    name: string,
    help: string,
    label: string,
    read: () => Promise<Iterable<[string, number]>> | Iterable<[string, number]>,
  ): void;
}

const nothing: Count = { inc() {} };

/**
 * The instruments, counting only where someone can read them: with METRICS_TOKEN set, prom-client's
 * (prom-metrics.ts, loaded then); otherwise ones that do nothing. prom-client and its default metrics held
 * ~5 MiB of every instance and timed every request for a GET /metrics that answers 404.
 */
export async function createMetrics(enabled: boolean): Promise<Metrics> {
  if (enabled) return (await import('./prom-metrics')).createPromMetrics();
  return {
    render: () => Promise.reject(new Error('metrics are off')),
    observeRequest() {},
    pubsubReconnects: nothing,
    pubsubResyncs: nothing,
    jobFailures: nothing,
    gauge() {},
    gaugeBy() {},
  };
}

/**
 * Times every request by its route's pattern (`/api/tasks/:taskId`), never its URL: ids in label values would
 * make a new series per task. Requests no route matched share one label.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics, enabled: boolean): void {
  if (!enabled) return;
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
}
