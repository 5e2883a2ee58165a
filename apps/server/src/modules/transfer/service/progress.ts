/** How often progress is saved and told, at most and at least while something moves. */
const intervalMs = 1000;

export interface Progress {
  /** `done` more units of `total` are through. */
  advance(done: number): void;
  /** The share done so far, 0–1. */
  readonly value: number;
  stop(): Promise<void>;
}

/**
 * Counts a job's work and reports its share every second (the issue asks for at least every 2 s) through
 * `report`, one report at a time: a slow save never piles up behind itself, and the last value is never lost.
 */
export function trackProgress(total: number, report: (progress: number) => Promise<void>): Progress {
  let done = 0;
  let reported = -1;
  let running: Promise<void> = Promise.resolve();
  const share = () => (total <= 0 ? 0 : Math.min(0.99, done / total));
  function flush(): void {
    const value = Math.round(share() * 1000) / 1000;
    if (value === reported) return;
    reported = value;
    running = running.then(() => report(value)).catch(() => {});
  }
  const timer = setInterval(flush, intervalMs);
  timer.unref();
  return {
    advance(units) {
      done += units;
    },
    get value() {
      return share();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
