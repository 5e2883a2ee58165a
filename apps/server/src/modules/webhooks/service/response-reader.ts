/** One HTTP/1.1 answer as the sender keeps it. */
export interface ReadResponse {
  statusCode: number;
  /** The first `keepBytes` of the body. */
  body: Buffer;
  /** The receiver closes the connection after this answer (`connection: close`, or HTTP/1.0 without keep-alive). */
  closes: boolean;
  /** Seconds the receiver keeps an idle connection (`keep-alive: timeout=N`), if it says. */
  keepAliveSeconds: number | undefined;
}

/** An answer the reader cannot make sense of: the connection is dropped. */
export class MalformedResponse extends Error {}

const headMaxBytes = 64 * 1024;
const crlf = Buffer.from('\r\n');
const headEnd = Buffer.from('\r\n\r\n');

type Framing = { kind: 'length'; left: number } | { kind: 'chunked' } | { kind: 'close' };

interface Current {
  statusCode: number;
  closes: boolean;
  keepAliveSeconds: number | undefined;
  framing: Framing;
  kept: Buffer[];
  keptBytes: number;
  readBytes: number;
  /** Inside a chunked body: bytes left of the chunk being read (then its CRLF), or null between chunks. */
  chunkLeft: number | null;
  inTrailers: boolean;
}

/**
 * Reads pipelined HTTP/1.1 answers from the bytes of a connection, in order (RFC 9112: a body framed by
 * content-length, chunked transfer coding, or the connection's end; none after 1xx, 204 and 304). Keeps the first
 * `keepBytes` of each body and counts the rest; `onResponse` gets each answer once it is whole, `onOverlong` when a
 * body passes `drainMaxBytes` (the connection should then be dropped rather than read to its end).
 */
export class ResponseReader {
  #buffer: Buffer = Buffer.alloc(0);
  #current: Current | undefined;
  readonly #keepBytes: number;
  readonly #drainMaxBytes: number;
  readonly #onResponse: (response: ReadResponse) => void;
  readonly #onOverlong: (response: ReadResponse) => void;

  constructor(options: {
    keepBytes: number;
    drainMaxBytes: number;
    onResponse: (response: ReadResponse) => void;
    onOverlong: (response: ReadResponse) => void;
  }) {
    this.#keepBytes = options.keepBytes;
    this.#drainMaxBytes = options.drainMaxBytes;
    this.#onResponse = options.onResponse;
    this.#onOverlong = options.onOverlong;
  }

  /** Whether an answer has begun and is not yet whole. */
  get midResponse(): boolean {
    return this.#current !== undefined || this.#buffer.length > 0;
  }

  /** Feeds bytes read from the connection. @throws MalformedResponse */
  push(chunk: Buffer): void {
    this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
    while (this.#buffer.length > 0) {
      if (!this.#current) {
        if (!this.#readHead()) return;
        continue;
      }
      if (!this.#readBody(this.#current)) return;
    }
  }

  /** The connection ended: an answer framed by its end is whole now. @returns whether one was. */
  end(): boolean {
    const current = this.#current;
    if (current?.framing.kind !== 'close') return false;
    this.#finish(current);
    return true;
  }

  #readHead(): boolean {
    const end = this.#buffer.indexOf(headEnd);
    if (end < 0) {
      if (this.#buffer.length > headMaxBytes) throw new MalformedResponse('the answer has too long a head');
      return false;
    }
    const lines = this.#buffer.subarray(0, end).toString('latin1').split('\r\n');
    this.#buffer = this.#buffer.subarray(end + headEnd.length);
    const status = /^HTTP\/1\.([01]) (\d{3})(?: |$)/.exec(lines[0] ?? '');
    if (!status) throw new MalformedResponse('the answer is not HTTP/1.1');
    const http10 = status[1] === '0';
    const statusCode = Number(status[2]);
    const headers = new Map<string, string>();
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      if (colon <= 0) throw new MalformedResponse('the answer has a malformed header');
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      headers.set(name, headers.has(name) ? `${headers.get(name)}, ${value}` : value);
    }
    // An interim answer (100 Continue…) precedes the real one.
    if (statusCode >= 100 && statusCode < 200) return true;
    const connection = (headers.get('connection') ?? '').toLowerCase();
    const closes = connection.includes('close') || (http10 && !connection.includes('keep-alive'));
    const timeout = /timeout=(\d+)/i.exec(headers.get('keep-alive') ?? '')?.[1];
    const current: Current = {
      statusCode,
      closes,
      keepAliveSeconds: timeout === undefined ? undefined : Number(timeout),
      framing: framingOf(statusCode, headers),
      kept: [],
      keptBytes: 0,
      readBytes: 0,
      chunkLeft: null,
      inTrailers: false,
    };
    this.#current = current;
    if (current.framing.kind === 'length' && current.framing.left === 0) this.#finish(current);
    return true;
  }

  /** @returns whether to go on reading what is buffered */
  #readBody(current: Current): boolean {
    const { framing } = current;
    if (framing.kind === 'close') {
      this.#take(current, this.#buffer.length);
      return false;
    }
    if (framing.kind === 'length') {
      const n = Math.min(framing.left, this.#buffer.length);
      this.#take(current, n);
      framing.left -= n;
      if (framing.left === 0) this.#finish(current);
      return this.#current !== current;
    }
    return this.#readChunked(current);
  }

  #readChunked(current: Current): boolean {
    if (current.inTrailers) {
      const line = this.#buffer.indexOf(crlf);
      if (line < 0) return false;
      this.#buffer = this.#buffer.subarray(line + crlf.length);
      if (line === 0) this.#finish(current);
      return true;
    }
    if (current.chunkLeft === null) {
      const line = this.#buffer.indexOf(crlf);
      if (line < 0) {
        if (this.#buffer.length > 1024) throw new MalformedResponse('the answer has a malformed chunk');
        return false;
      }
      const size = Number.parseInt(this.#buffer.subarray(0, line).toString('latin1').split(';')[0] ?? '', 16);
      if (!Number.isSafeInteger(size) || size < 0) throw new MalformedResponse('the answer has a malformed chunk');
      this.#buffer = this.#buffer.subarray(line + crlf.length);
      if (size === 0) current.inTrailers = true;
      // The chunk's data, then its CRLF.
      else current.chunkLeft = size + crlf.length;
      return true;
    }
    const dataLeft = current.chunkLeft - crlf.length;
    const n = Math.min(current.chunkLeft, this.#buffer.length);
    const data = Math.min(n, Math.max(dataLeft, 0));
    this.#take(current, data);
    this.#buffer = this.#buffer.subarray(n - data);
    current.chunkLeft -= n;
    if (current.chunkLeft === 0) current.chunkLeft = null;
    return this.#current === current && this.#buffer.length > 0;
  }

  /** Consumes `n` body bytes from the buffer, keeping what fits. */
  #take(current: Current, n: number): void {
    const bytes = this.#buffer.subarray(0, n);
    this.#buffer = this.#buffer.subarray(n);
    if (current.keptBytes < this.#keepBytes) {
      const part = bytes.subarray(0, this.#keepBytes - current.keptBytes);
      current.kept.push(part);
      current.keptBytes += part.length;
    }
    current.readBytes += n;
    if (current.readBytes > this.#drainMaxBytes) {
      this.#current = undefined;
      this.#buffer = Buffer.alloc(0);
      this.#onOverlong(responseOf(current));
    }
  }

  #finish(current: Current): void {
    this.#current = undefined;
    this.#onResponse(responseOf(current));
  }
}

function framingOf(statusCode: number, headers: Map<string, string>): Framing {
  if (statusCode === 204 || statusCode === 304) return { kind: 'length', left: 0 };
  const coding = headers.get('transfer-encoding');
  if (coding !== undefined) {
    if (!/(?:^|,)\s*chunked\s*$/i.test(coding)) return { kind: 'close' };
    return { kind: 'chunked' };
  }
  const length = headers.get('content-length');
  if (length === undefined) return { kind: 'close' };
  if (!/^\d+$/.test(length)) throw new MalformedResponse('the answer has a malformed content-length');
  return { kind: 'length', left: Number(length) };
}

function responseOf(current: Current): ReadResponse {
  return {
    statusCode: current.statusCode,
    body: Buffer.concat(current.kept),
    closes: current.closes || current.framing.kind === 'close',
    keepAliveSeconds: current.keepAliveSeconds,
  };
}
