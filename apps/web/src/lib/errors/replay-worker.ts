// Session replay's compression worker. Sentry's SDK ships one as a 10 KB string in its chunk (fflate's deflate
// compiled in: 4.3 KB of every first load as sent); this one speaks the same messages and lets the browser's own
// CompressionStream do the work. The SDK creates it from `replayIntegration({ workerUrl })`. If it cannot start
// (no CompressionStream), it says so in its first message and the SDK keeps the recording uncompressed, which the
// intake also reads.
//
// The messages, as the SDK sends them: `{id, method, arg}` → `{id, method, success, response}`.
// - `addEvent(json)`: one rrweb event, added to the batch being compressed.
// - `finish()`: the batch as a zlib stream of `[event,event,…]` (a Uint8Array); a new batch starts.
// - `clear()`: the batch is dropped; a new one starts.
// - `compress(text)`: one text as gzip.

// The app's TypeScript program has the DOM's types, not a worker's; the two parts of `self` used here (postMessage
// with one argument, and message events) have the same shape in both.

interface WorkerRequest {
  id: number;
  method: string;
  arg?: unknown;
}

const encoder = new TextEncoder();

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A zlib stream being written event by event; what comes out is read as it goes, so writes never wait. */
class Batch {
  private readonly writer: WritableStreamDefaultWriter<BufferSource>;
  private readonly output: Promise<Uint8Array>;
  private hasEvents = false;

  constructor() {
    const stream = new CompressionStream('deflate');
    this.writer = stream.writable.getWriter();
    this.output = bytesOf(stream.readable);
    // A dropped batch rejects its output; nobody is waiting for it then.
    this.output.catch(() => undefined);
    this.write('[');
  }

  add(event: string): void {
    this.write(this.hasEvents ? `,${event}` : event);
    this.hasEvents = true;
  }

  async finish(): Promise<Uint8Array> {
    this.write(']');
    await this.writer.close();
    return this.output;
  }

  drop(): void {
    this.writer.abort().catch(() => undefined);
  }

  private write(text: string): void {
    // Failures surface in close() and the output; a rejected write alone would be an unhandled rejection.
    this.writer.write(encoder.encode(text)).catch(() => undefined);
  }
}

let batch: Batch | null = null;

function currentBatch(): Batch {
  batch ??= new Batch();
  return batch;
}

async function handle(method: string, arg: unknown): Promise<Uint8Array | undefined> {
  switch (method) {
    case 'addEvent':
      if (typeof arg !== 'string' || arg === '') throw new Error('Adding invalid event');
      currentBatch().add(arg);
      return undefined;
    case 'finish': {
      const finished = currentBatch();
      batch = null;
      return finished.finish();
    }
    case 'clear':
      batch?.drop();
      batch = null;
      return undefined;
    case 'compress':
      if (typeof arg !== 'string') throw new Error('Compressing a non-text');
      return bytesOf(new Blob([arg]).stream().pipeThrough(new CompressionStream('gzip')));
    default:
      throw new Error(`Unknown method ${method}`);
  }
}

// Answers leave in the order the requests came, as the SDK's own worker (which is synchronous) answers them.
let queue = Promise.resolve();

function answer(message: MessageEvent<WorkerRequest>): void {
  const { id, method, arg } = message.data;
  queue = queue.then(async () => {
    try {
      self.postMessage({ id, method, success: true, response: await handle(method, arg) });
    } catch (error) {
      self.postMessage({
        id,
        method,
        success: false,
        response: error instanceof Error ? error.message : String(error),
      });
    }
  });
}

const canCompress = typeof CompressionStream === 'function';
if (canCompress) self.addEventListener('message', answer);
self.postMessage({ id: undefined, method: 'init', success: canCompress, response: undefined });
