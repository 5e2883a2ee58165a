import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trackProgress } from './progress';

describe('trackProgress', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reports the share done every second while it moves, never 1 before the end, and nothing when still', async () => {
    const reports: number[] = [];
    const progress = trackProgress(200, async (value) => {
      reports.push(value);
    });
    progress.advance(50);
    await vi.advanceTimersByTimeAsync(1000);
    expect(reports).toEqual([0.25]);
    await vi.advanceTimersByTimeAsync(3000);
    expect(reports).toEqual([0.25]);
    progress.advance(150);
    await vi.advanceTimersByTimeAsync(1000);
    expect(reports).toEqual([0.25, 0.99]);
    await progress.stop();
    progress.advance(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(reports).toEqual([0.25, 0.99]);
  });

  it('waits for a slow report before the next, and stop waits for the last', async () => {
    let release: () => void = () => {};
    const started: number[] = [];
    const progress = trackProgress(10, (value) => {
      started.push(value);
      return new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    progress.advance(1);
    await vi.advanceTimersByTimeAsync(1000);
    progress.advance(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(started).toEqual([0.1]);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual([0.1, 0.2]);
    const stopped = progress.stop();
    release();
    await stopped;
  });
});
