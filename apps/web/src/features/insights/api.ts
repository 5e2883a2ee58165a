import { Insights } from '@deckhand/contract/insights';
import { queryOptions } from '@tanstack/react-query';
import { apiData } from '../../lib/api';

export type InsightsData = Awaited<ReturnType<typeof fetchInsights>>;

function fetchInsights(from: string, to: string) {
  return apiData(Insights, `admin/insights?from=${from}&to=${to}`);
}

/** The UTC days of the last `days` days, today included. */
export function periodOf(days: number, now = new Date()): { from: string; to: string } {
  const to = now.toISOString().slice(0, 10);
  const start = new Date(now.getTime() - (days - 1) * 86_400_000);
  return { from: start.toISOString().slice(0, 10), to };
}

export const insightsQuery = (from: string, to: string) =>
  queryOptions({ queryKey: ['admin', 'insights', from, to], queryFn: () => fetchInsights(from, to) });

/** One row per day of the period with a count (0 when none) for every event name, for a stacked chart. */
export function dailyEventRows(data: InsightsData): { names: string[]; rows: Record<string, string | number>[] } {
  const names = data.totals.map((total) => total.name);
  const byDay = new Map<string, Record<string, string | number>>();
  for (const { day } of data.dailyActiveUsers) {
    byDay.set(day, Object.fromEntries([['day', day], ...names.map((name) => [name, 0])]));
  }
  for (const event of data.events) {
    const row = byDay.get(event.day);
    if (row) row[event.name] = event.count;
  }
  return { names, rows: [...byDay.values()] };
}
