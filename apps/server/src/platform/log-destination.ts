import { type DestinationStream, destination } from 'pino';

/** Where the lines go: standard output, written synchronously (pino's SonicBoom, which retries a full pipe). */
export interface LogOutput {
  write(text: string): void;
}

/** Past this many characters waiting, they are written at once rather than at the end of the turn. */
export const maxWaitingChars = 64 * 1024;

/**
 * Standard output for JSON log lines, written once per turn of the event loop: every line logged in one turn (a
 * busy server ends dozens of requests in one) goes out in one write, in order. Pino's default destination wrote
 * through libuv's thread pool, starting a write for each line logged while none was in flight and another for what
 * gathered meanwhile: 3.8 % of the main thread while 10 read a board and 20 moved its tasks, for one line per
 * request. A line waits at most until the turn ends; the lines still waiting when the process exits are written then.
 */
export function createLogDestination(output: LogOutput = destination({ dest: 1, sync: true })): DestinationStream & {
  /** Writes what waits now (the exit does it too), then calls `done`: pino's `logger.flush(cb)` passes one. */
  flush(done?: () => void): void;
} {
  let waiting = '';
  let scheduled = false;

  function writeWaiting(): void {
    scheduled = false;
    if (waiting === '') return;
    const text = waiting;
    waiting = '';
    output.write(text);
  }

  process.once('exit', writeWaiting);
  return {
    write(line: string) {
      waiting += line;
      if (waiting.length >= maxWaitingChars) writeWaiting();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(writeWaiting);
      }
    },
    flush(done) {
      writeWaiting();
      done?.();
    },
  };
}
