import { z } from 'zod';

/** The longest period one insights answer covers. */
export const insightsMaxDays = 366;
/** How many projects `top_projects` lists. */
export const insightsTopProjects = 10;

const Day = z.iso.date();

/** Both days inclusive, UTC. */
export const InsightsQuery = z.strictObject({ from: Day, to: Day });
export type InsightsQuery = z.infer<typeof InsightsQuery>;

/** Usage events of spec §7 aggregated per UTC day; every day of the period appears in `daily_active_users`. */
export const Insights = z.object({
  from: Day,
  to: Day,
  /** Distinct users with at least one event that day; 0 on quiet days. */
  daily_active_users: z.array(z.object({ day: Day, users: z.number().int().min(0) })),
  /** Only days and names with events (fill the gaps with 0 when charting). */
  events: z.array(z.object({ day: Day, name: z.string(), count: z.number().int().min(1) })),
  /** Per event name over the whole period, largest first. */
  totals: z.array(z.object({ name: z.string(), count: z.number().int().min(1) })),
  /** Projects with the most events in the period; `name` is null for a project deleted since. */
  top_projects: z.array(z.object({ project_id: z.string(), name: z.string().nullable(), events: z.number().int() })),
});
export type Insights = z.infer<typeof Insights>;
