import { Worker } from 'node:worker_threads';
import { deflateSegment, gzipLevel, windowBytes } from './gzip-segments';

/** A segment to deflate as deflateSegment(raw, after) would. */
export interface SegmentToDeflate {
  raw: Buffer;
  after?: Buffer | undefined;
}

/**
 * The thread's whole program. It receives one buffer holding every text of a batch once, and for each segment
 * where its text and the text it follows lie; it answers with the deflated segments in one buffer, handed over
 * rather than copied. Plain CommonJS with Node's own modules only: it runs the same from the sources (tests) and
 * from the build, with no loader and no file of its own.
 */
const program = `
const { parentPort, workerData } = require('node:worker_threads');
const { constants, deflateRawSync } = require('node:zlib');
const { level, windowBytes } = workerData;
parentPort.on('message', ({ id, texts, segments }) => {
  const bytes = Buffer.from(texts);
  const outputs = segments.map(([start, end, afterStart, afterEnd]) => {
    const options = { level, finishFlush: constants.Z_FULL_FLUSH };
    if (afterEnd > afterStart) options.dictionary = bytes.subarray(Math.max(afterStart, afterEnd - windowBytes), afterEnd);
    return deflateRawSync(bytes.subarray(start, end), options);
  });
  const output = Buffer.concat(outputs);
  const copy = output.buffer.slice(output.byteOffset, output.byteOffset + output.byteLength);
  parentPort.postMessage({ id, output: copy, lengths: outputs.map((o) => o.byteLength), texts }, [copy, texts]);
});
`;

interface Answer {
  id: number;
  output: ArrayBuffer;
  lengths: number[];
  /** The batch's texts, handed back to be filled again by a later batch. */
  texts?: ArrayBuffer;
}

/**
 * Texts' memory handed back by the thread and kept for later batches, at most this many and this large. Memory
 * new to the process is given to it page by page as it is first written: handing a batch of 1.8 MB to the thread,
 * between other allocations as on a busy server, took the main thread 630–800 µs in new memory and 370–435 µs in
 * memory used before.
 */
const sparesKept = 2;
const spareMaxBytes = 16 * 1024 * 1024;

/** With no batch for this long, the thread is stopped: its memory is given back, and the next batch starts one. */
const idleMs = 30_000;

/**
 * Deflates segments on a thread of its own, so that making a board's answer after changes does not hold up the
 * requests around it. Measured on the busy-board bench, deflating was 15 % of the main thread's time while 20
 * people moved tasks and 10 read the board; a batch of 60 segments keeps the main thread busy 1.1–1.3 ms (packing
 * the texts, copying the pieces out) against 6.2–6.6 ms deflated in place, on the bench machine. The results are the same bytes deflateSegment makes. One thread per process,
 * started at the first batch and stopped when idle; it never keeps the process alive. If it fails, the batches
 * it held are deflated here instead.
 */
export class DeflateThread {
  readonly #program: string;
  readonly #idleMs: number;
  #worker: Worker | undefined;
  #nextId = 0;
  readonly #pending = new Map<number, { resolve: (answer: Answer) => void; reject: (err: Error) => void }>();
  #idleTimer: NodeJS.Timeout | undefined;
  readonly #spares: ArrayBuffer[] = [];

  /** `program` and `idleMs` are for tests (a thread that fails, a short idle time). */
  constructor(options: { program?: string; idleMs?: number } = {}) {
    this.#program = options.program ?? program;
    this.#idleMs = options.idleMs ?? idleMs;
  }

  /** Whether the thread is running now. */
  get running(): boolean {
    return this.#worker !== undefined;
  }

  async deflate(segments: readonly SegmentToDeflate[]): Promise<Buffer[]> {
    if (segments.length === 0) return [];
    const { texts, ranges } = pack(segments, (size) => this.#textsOf(size));
    let answer: Answer;
    try {
      answer = await this.#send(texts, ranges);
    } catch {
      return segments.map((segment) => deflateSegment(segment.raw, segment.after));
    }
    const output = Buffer.from(answer.output);
    let offset = 0;
    return answer.lengths.map((length) => {
      // Each in memory of its own: a piece kept by its board must not hold its whole batch.
      const piece = Buffer.from(output.subarray(offset, offset + length));
      offset += length;
      return piece;
    });
  }

  /** Memory for a batch's texts: a spare one large enough, or a new one. */
  #textsOf(size: number): ArrayBuffer {
    const index = this.#spares.findIndex((spare) => spare.byteLength >= size);
    if (index === -1) return new ArrayBuffer(size);
    return this.#spares.splice(index, 1)[0] as ArrayBuffer;
  }

  #keepSpare(texts: ArrayBuffer | undefined): void {
    if (!texts || texts.byteLength > spareMaxBytes) return;
    this.#spares.push(texts);
    // The smallest goes first: the larger ones fit more batches.
    if (this.#spares.length > sparesKept) {
      this.#spares.sort((a, b) => b.byteLength - a.byteLength);
      this.#spares.length = sparesKept;
    }
  }

  #send(texts: ArrayBuffer, segments: number[][]): Promise<Answer> {
    const worker = this.#start();
    const id = this.#nextId++;
    clearTimeout(this.#idleTimer);
    return new Promise<Answer>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      try {
        worker.postMessage({ id, texts, segments }, [texts]);
      } catch (err) {
        this.#pending.delete(id);
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
  }

  #start(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(this.#program, { eval: true, workerData: { level: gzipLevel, windowBytes } });
    worker.unref();
    worker.on('message', (answer: Answer) => {
      const pending = this.#pending.get(answer.id);
      this.#pending.delete(answer.id);
      this.#keepSpare(answer.texts);
      pending?.resolve(answer);
      if (this.#pending.size === 0) this.#stopWhenIdle(worker);
    });
    const lost = (err: Error) => {
      if (this.#worker !== worker) return;
      this.#worker = undefined;
      for (const pending of this.#pending.values()) pending.reject(err);
      this.#pending.clear();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`the deflate thread stopped (exit code ${code})`)));
    this.#worker = worker;
    return worker;
  }

  #stopWhenIdle(worker: Worker): void {
    clearTimeout(this.#idleTimer);
    this.#idleTimer = setTimeout(() => {
      if (this.#worker !== worker || this.#pending.size > 0) return;
      this.#worker = undefined;
      this.#spares.length = 0;
      void worker.terminate();
    }, this.#idleMs);
    this.#idleTimer.unref();
  }
}

/**
 * Every text of the batch once (a segment's `after` is often the segment before it), and where each lies, in
 * memory from `memoryOf` (at least the size asked).
 */
function pack(
  segments: readonly SegmentToDeflate[],
  memoryOf: (size: number) => ArrayBuffer,
): { texts: ArrayBuffer; ranges: number[][] } {
  const offsets = new Map<Buffer, number>();
  const parts: Buffer[] = [];
  let size = 0;
  const place = (text: Buffer): number => {
    let offset = offsets.get(text);
    if (offset === undefined) {
      offset = size;
      offsets.set(text, offset);
      parts.push(text);
      size += text.byteLength;
    }
    return offset;
  };
  const ranges = segments.map(({ raw, after }) => {
    const start = place(raw);
    const afterStart = after && after.byteLength > 0 ? place(after) : 0;
    return [start, start + raw.byteLength, afterStart, afterStart + (after?.byteLength ?? 0)];
  });
  const texts = memoryOf(size);
  const view = Buffer.from(texts, 0, size);
  let offset = 0;
  for (const part of parts) offset += part.copy(view, offset);
  return { texts, ranges };
}

const thread = new DeflateThread();

/** deflateSegment for each segment, on the deflate thread; resolves with them in order. Never rejects. */
export function deflateSegments(segments: readonly SegmentToDeflate[]): Promise<Buffer[]> {
  return thread.deflate(segments);
}
