import { type InsightsQuery, insightsMaxDays } from '@deckhand/contract/insights';
import { AppError } from '../../platform/errors';

const dayMs = 86_400_000;

export interface Period {
  /** First instant of `from`, UTC. */
  start: Date;
  /** First instant after `to`, UTC. */
  end: Date;
  days: number;
}

/** @throws insights/invalid-range (not a calendar day, from after to, or longer than insightsMaxDays) */
export function periodOf(query: InsightsQuery): Period {
  const start = new Date(`${query.from}T00:00:00Z`);
  const last = new Date(`${query.to}T00:00:00Z`);
  // Date rolls 2025-02-30 over into March; a day that does not survive the round trip does not exist.
  const exists = (date: Date, day: string) => !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
  if (!exists(start, query.from) || !exists(last, query.to)) {
    throw new AppError('insights/invalid-range', 'from and to must be calendar days (YYYY-MM-DD)');
  }
  const days = Math.round((last.getTime() - start.getTime()) / dayMs) + 1;
  if (days < 1) throw new AppError('insights/invalid-range', 'from must not be after to');
  if (days > insightsMaxDays) {
    throw new AppError('insights/invalid-range', `A period covers at most ${insightsMaxDays} days`);
  }
  return { start, end: new Date(last.getTime() + dayMs), days };
}
