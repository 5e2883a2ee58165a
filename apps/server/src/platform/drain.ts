import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './errors';
import { closeAfterAnswer } from './lingering-close';

/** What a client is told to wait before trying again: by then a load balancer has moved it to another instance. */
export const drainRetryAfterSeconds = 5;

/** How long the 503s to requests outliving the grace period get to be written before connections are cut. */
const lastAnswersMs = 1000;

/** Paths that keep answering while draining: liveness, and readiness, which says 503 itself. */
const answeredWhileDraining = new Set(['/api/health', '/api/ready']);

export interface Drain {
  /** True from the moment a drain (or the app's close) starts. */
  readonly draining: boolean;
  /** Requests received and not yet answered (or cut). */
  readonly requestsUnderWay: number;
  /**
   * Adds a step run once draining starts, beside the requests under way (a socket server flushing what it holds
   * and closing its sockets with 1012, so clients reconnect elsewhere). Steps run one after the other, the last
   * added first, as close hooks do: card bodies are stored before the live channel tells browsers to refetch.
   */
  onStart(step: () => Promise<void>): void;
  /**
   * Stops taking connections, runs the steps, and waits up to `graceMs` for the requests under way (uploads and
   * downloads included); those still running then are answered 503 where no answer has started, and their
   * connections cut. Resolves when no request is left; the caller then closes the app.
   */
  start(graceMs: number): Promise<void>;
}

type InFlight = { request: FastifyRequest; reply: FastifyReply };

function answerUnavailable(reply: FastifyReply): FastifyReply {
  reply.header('Retry-After', String(drainRetryAfterSeconds));
  // A request refused on arrival may have a body on its way (an upload): it is read and dropped, not reset.
  closeAfterAnswer(reply);
  return sendError(reply, 'service/unavailable', 'This server is restarting; try again in a moment');
}

/**
 * Graceful shutdown for a server behind a load balancer: readiness fails at once, requests that arrive meanwhile
 * (on kept-alive connections) get 503 with Retry-After in the shared error shape instead of reaching a handler
 * whose database may be closing, and every answer carries `Connection: close` so clients hang up. Registered before
 * the routes, so its hooks run first.
 */
export function registerDrain(app: FastifyInstance): Drain {
  let draining = false;
  const steps: (() => Promise<void>)[] = [];
  const inFlight = new Set<InFlight>();
  let settled: (() => void) | undefined;

  app.addHook('onRequest', async (request, reply) => {
    if (draining && !answeredWhileDraining.has(request.url.split('?')[0] ?? '')) return answerUnavailable(reply);
    const entry = { request, reply };
    inFlight.add(entry);
    // 'close' comes for a finished answer and for a connection cut short alike.
    reply.raw.once('close', () => {
      inFlight.delete(entry);
      if (inFlight.size === 0) settled?.();
    });
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (draining) reply.header('Connection', 'close');
    return payload;
  });
  // A close without a drain (tests, a failed start) still refuses what arrives meanwhile.
  app.addHook('preClose', async () => {
    draining = true;
  });

  async function waitForRequests(graceMs: number): Promise<void> {
    if (inFlight.size === 0) return;
    const idle = new Promise<void>((resolve) => {
      settled = resolve;
    });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), graceMs);
    });
    const outcome = await Promise.race([idle, late]);
    clearTimeout(timer);
    if (outcome !== 'late') return;
    app.log.warn({ requests: inFlight.size, graceMs }, 'requests still running after the grace period: answered 503');
    const cut = [...inFlight];
    const answered: Promise<void>[] = [];
    for (const { reply } of cut) {
      if (reply.raw.headersSent) continue;
      answered.push(new Promise((resolve) => reply.raw.once('finish', resolve)));
      answerUnavailable(reply);
    }
    // The 503s leave before their connections go; a client that does not read them gets a moment, not forever.
    await Promise.race([Promise.all(answered), delay(lastAnswersMs)]);
    // Whatever is left (an answer half sent, a body still arriving) goes with its connection.
    app.server.closeAllConnections();
    // A request answered before its body had all arrived is no longer the connection's, so losing the connection
    // does not end it: its handler (an upload) would wait for the rest forever, and never clean up after itself.
    for (const { request } of cut) {
      if (!request.raw.complete) request.raw.destroy();
    }
  }

  return {
    get draining() {
      return draining;
    },
    get requestsUnderWay() {
      return inFlight.size;
    },
    onStart(step) {
      steps.push(step);
    },
    async start(graceMs) {
      draining = true;
      // No new connections; kept-alive ones that are idle go now, busy ones after their answer.
      app.server.close();
      app.server.closeIdleConnections();
      const stepsDone = (async () => {
        for (const step of [...steps].reverse()) {
          await step().catch((err: unknown) => app.log.error({ err }, 'a drain step failed'));
        }
      })();
      await waitForRequests(graceMs);
      await stepsDone;
    },
  };
}
