import net, { type LookupFunction } from 'node:net';
import tls from 'node:tls';
import { MalformedResponse, type ReadResponse, ResponseReader } from './response-reader';

/** What became of one request: an answer, or why there is none. */
export type Outcome =
  | { ok: true; response: ReadResponse; durationMs: number }
  | { ok: false; error: string; durationMs: number };

export interface ConnectionOptions {
  lookup: LookupFunction;
  timeoutMs: number;
  keepBytes: number;
  drainMaxBytes: number;
  /** Certificate authorities trusted instead of the system's (tests, with a receiver of their own). */
  ca?: string;
}

interface Entry {
  request: Buffer;
  resolve: (outcome: Outcome) => void;
  /** When the receiver turned to it (its answer is the next one), or undefined while it waits its turn. */
  turnAt: number | undefined;
  /** Times it was sent on a connection that then closed without answering it. */
  resent: number;
}

/** Requests written ahead of their answers, at most. */
const pipelineMax = 128;
/** A request sent again this often, each time on a connection that closed before answering it, fails. */
const resendMax = 2;
/** An idle connection is closed after this long, or sooner if the receiver says it closes sooner. */
const idleMs = 4000;

/**
 * Kept-alive HTTP/1.1 connections to one receiver origin, one at a time, with requests pipelined on it: a round
 * of deliveries leaves in one write and their answers come back in order, without a round trip between them. A
 * request's timeout runs from its turn (the answer before it is in). A receiver that closes after an answer gets
 * one request at a time from then on; a connection lost under requests sends them again on a new one (each
 * delivery is safe to receive twice: it carries its `webhook-id`). Requests are raw HTTP/1.1 bytes.
 */
export class ReceiverConnection {
  readonly #url: URL;
  readonly #options: ConnectionOptions;
  /** Written, waiting for their answers, in order. */
  readonly #inFlight: Entry[] = [];
  /** Not yet written. */
  readonly #queued: Entry[] = [];
  #socket: net.Socket | undefined;
  #answered = 0;
  #timer: NodeJS.Timeout | undefined;
  #idleTimer: NodeJS.Timeout | undefined;
  #idleMs = idleMs;
  /** The receiver closed after an answer: one request at a time. */
  #oneAtATime = false;
  #closed = false;

  constructor(url: URL, options: ConnectionOptions) {
    this.#url = url;
    this.#options = options;
  }

  /** Sends the requests in order; each promise resolves with its outcome, never rejects. */
  send(requests: readonly Buffer[]): Promise<Outcome>[] {
    const outcomes = requests.map(
      (request) =>
        new Promise<Outcome>((resolve) => {
          this.#queued.push({ request, resolve, turnAt: undefined, resent: 0 });
        }),
    );
    if (this.#closed) this.#failQueued('the sender is closed');
    else this.#pump();
    return outcomes;
  }

  /** Drops the connection; what is under way fails. */
  close(): void {
    this.#closed = true;
    this.#failQueued('the sender is closed');
    this.#drop('the sender is closed');
  }

  get idle(): boolean {
    return this.#inFlight.length === 0 && this.#queued.length === 0;
  }

  #pump(): void {
    if (this.#queued.length === 0) return;
    clearTimeout(this.#idleTimer);
    const socket = this.#socket ?? this.#connect();
    const room = (this.#oneAtATime ? 1 : pipelineMax) - this.#inFlight.length;
    if (room <= 0) return;
    const batch = this.#queued.splice(0, room);
    this.#inFlight.push(...batch);
    if (this.#inFlight[0] === batch[0]) this.#startTurn();
    socket.write(
      batch.length === 1 ? (batch[0]?.request ?? Buffer.alloc(0)) : Buffer.concat(batch.map((e) => e.request)),
    );
  }

  #connect(): net.Socket {
    const { hostname, port, protocol } = this.#url;
    const host = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
    const secure = protocol === 'https:';
    const portNumber = Number(port) || (secure ? 443 : 80);
    const socket = secure
      ? tls.connect({
          host,
          port: portNumber,
          lookup: this.#options.lookup,
          servername: net.isIP(host) ? undefined : host,
          ALPNProtocols: ['http/1.1'],
          ...(this.#options.ca !== undefined && { ca: this.#options.ca }),
        })
      : net.connect({ host, port: portNumber, lookup: this.#options.lookup });
    socket.setNoDelay(true);
    const reader = new ResponseReader({
      keepBytes: this.#options.keepBytes,
      drainMaxBytes: this.#options.drainMaxBytes,
      onResponse: (response) => this.#answer(socket, response),
      onOverlong: (response) => {
        this.#answer(socket, { ...response, closes: true });
      },
    });
    this.#socket = socket;
    this.#answered = 0;
    socket.on('data', (chunk: Buffer) => {
      if (socket !== this.#socket) return;
      try {
        reader.push(chunk);
      } catch (err) {
        this.#fail(socket, err instanceof MalformedResponse ? err.message : String(err));
      }
    });
    socket.on('end', () => {
      if (socket !== this.#socket) return;
      reader.end();
      if (socket === this.#socket) this.#lost(socket, 'the receiver closed the connection');
    });
    socket.on('error', (err) => {
      if (socket === this.#socket) this.#lost(socket, err.message);
    });
    socket.on('close', () => {
      if (socket === this.#socket) this.#lost(socket, 'the receiver closed the connection');
    });
    return socket;
  }

  #startTurn(): void {
    clearTimeout(this.#timer);
    const head = this.#inFlight[0];
    if (!head) return;
    head.turnAt = performance.now();
    const socket = this.#socket;
    this.#timer = setTimeout(() => {
      if (socket) this.#timeOut(socket);
    }, this.#options.timeoutMs);
  }

  #answer(socket: net.Socket, response: ReadResponse): void {
    if (socket !== this.#socket) return;
    const entry = this.#inFlight.shift();
    if (!entry) {
      this.#fail(socket, 'the receiver answered a request it was not sent');
      return;
    }
    this.#answered += 1;
    entry.resolve({ ok: true, response, durationMs: elapsed(entry) });
    if (response.keepAliveSeconds !== undefined) {
      this.#idleMs = Math.max(0, Math.min(idleMs, (response.keepAliveSeconds - 1) * 1000));
    }
    if (response.closes) {
      // What was sent behind this answer is not read: sent again on a new connection, one at a time.
      this.#oneAtATime = this.#oneAtATime || this.#inFlight.length > 0;
      this.#queued.unshift(...this.#inFlight.splice(0));
      this.#drop();
      this.#pump();
      return;
    }
    this.#startTurn();
    this.#pump();
    if (this.idle) this.#idleLater(socket);
  }

  #timeOut(socket: net.Socket): void {
    if (socket !== this.#socket) return;
    const head = this.#inFlight.shift();
    head?.resolve({
      ok: false,
      error: `no answer within ${this.#options.timeoutMs / 1000} s`,
      durationMs: elapsed(head),
    });
    // The connection is given up with it; those behind it get a new one and their own turn.
    this.#queued.unshift(...this.#inFlight.splice(0));
    this.#drop();
    this.#pump();
  }

  /** The connection failed in a way that no resend mends (a malformed answer): what was written fails. */
  #fail(socket: net.Socket, error: string): void {
    if (socket !== this.#socket) return;
    for (const entry of this.#inFlight.splice(0)) entry.resolve({ ok: false, error, durationMs: elapsed(entry) });
    this.#drop();
    this.#pump();
  }

  /**
   * The connection ended or broke. Requests written to a connection that answered before are sent again (a
   * kept-alive connection the receiver closed as they left); on a connection that never answered, they fail with
   * its error (refused, unreachable, refused by the address check).
   */
  #lost(socket: net.Socket, error: string): void {
    if (socket !== this.#socket) return;
    const answeredBefore = this.#answered > 0;
    for (const entry of this.#inFlight.splice(0).reverse()) {
      entry.resent += 1;
      if (answeredBefore && entry.resent <= resendMax) this.#queued.unshift(entry);
      else entry.resolve({ ok: false, error, durationMs: elapsed(entry) });
    }
    if (!answeredBefore) this.#failQueued(error);
    this.#drop();
    this.#pump();
  }

  #failQueued(error: string): void {
    for (const entry of this.#queued.splice(0)) entry.resolve({ ok: false, error, durationMs: 0 });
  }

  /** Forgets the current connection (destroying it); `error` fails what was in flight on it. */
  #drop(error?: string): void {
    clearTimeout(this.#timer);
    clearTimeout(this.#idleTimer);
    if (error)
      for (const entry of this.#inFlight.splice(0)) entry.resolve({ ok: false, error, durationMs: elapsed(entry) });
    const socket = this.#socket;
    this.#socket = undefined;
    socket?.destroy();
  }

  #idleLater(socket: net.Socket): void {
    clearTimeout(this.#idleTimer);
    this.#idleTimer = setTimeout(() => {
      if (socket === this.#socket && this.idle) this.#drop();
    }, this.#idleMs);
    this.#idleTimer.unref();
  }
}

function elapsed(entry: Entry): number {
  return entry.turnAt === undefined ? 0 : Math.round(performance.now() - entry.turnAt);
}
