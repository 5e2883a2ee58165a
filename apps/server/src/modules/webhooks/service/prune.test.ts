import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { firstUuidv7At } from './prune';

describe('firstUuidv7At', () => {
  it('is below every id made in its millisecond or later, and above every id made before', () => {
    const at = new Date('2026-11-12T08:30:00.123Z');
    const bound = firstUuidv7At(at);
    // Compared as PostgreSQL compares uuids: byte by byte, which for lowercase hex is string order.
    for (let seq = 0; seq < 50; seq += 1) {
      expect(uuidv7({ msecs: at.getTime(), seq }) >= bound).toBe(true);
      expect(uuidv7({ msecs: at.getTime() + 1 + seq }) > bound).toBe(true);
      expect(uuidv7({ msecs: at.getTime() - 1, seq: 0x7fffffff - seq }) < bound).toBe(true);
    }
    expect(bound).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7000-8000-0{12}$/);
  });
});
