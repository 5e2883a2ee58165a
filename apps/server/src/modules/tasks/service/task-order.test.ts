import { describe, expect, it } from 'vitest';
import { unlessKeyTaken } from './task-order';

// The driver's error as PostgreSQL and PGlite report a unique violation (drizzle wraps it in `cause`).
function violation(constraint: string): Error {
  return new Error('Failed query', { cause: { code: '23505', constraint } });
}

describe('unlessKeyTaken', () => {
  it('gives what the write gives, and undefined when another writer took the key', async () => {
    expect(await unlessKeyTaken(Promise.resolve([1]))).toEqual([1]);
    expect(await unlessKeyTaken(Promise.reject(violation('tasks_status_position_idx')))).toBeUndefined();
  });

  it('lets every other error through, other unique indexes included', async () => {
    await expect(unlessKeyTaken(Promise.reject(violation('tasks_pkey')))).rejects.toThrow('Failed query');
    await expect(unlessKeyTaken(Promise.reject(new Error('connection lost')))).rejects.toThrow('connection lost');
  });
});
