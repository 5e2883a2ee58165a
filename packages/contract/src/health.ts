import { z } from 'zod';

export const Health = z.object({ status: z.literal('ok') });
export type Health = z.infer<typeof Health>;

const PartState = z.enum(['ok', 'unused', 'unavailable']);

/**
 * GET /api/ready: 200 when this instance can serve (every part `ok`, Redis `unused` without REDIS_URL), 503 with
 * the failing part `unavailable`, or with `draining: true` from the moment a shutdown starts.
 */
export const Ready = z.object({
  database: PartState,
  redis: PartState,
  storage: PartState,
  draining: z.literal(true).optional(),
});
export type Ready = z.infer<typeof Ready>;
