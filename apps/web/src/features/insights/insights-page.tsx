import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { DotsLoader } from '../../ui/dots-loader';
import { EmptyState } from '../../ui/empty-state';
import { RetryPanel } from '../../ui/retry-panel';
import { SelectField } from '../../ui/select-field';
import { insightsQuery, periodOf } from './api';
import { DailyActiveUsersChart, DailyEventsChart } from './charts';

const periods = [
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
] as const;

/** /admin/insights: the usage events of spec §7, aggregated by the server, for a chosen period (issue 6). */
export function InsightsPage() {
  const [days, setDays] = useState('30');
  const { from, to } = periodOf(Number(days));
  const insights = useQuery(insightsQuery(from, to));

  return (
    <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
      <title>Insights · Deckhand</title>
      <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-semibold">Insights</h1>
        <SelectField label="Period" options={periods} value={days} onChange={(event) => setDays(event.target.value)} />
      </div>
      {insights.isPending ? (
        <DotsLoader />
      ) : insights.isError ? (
        <RetryPanel message="The insights could not be loaded." onRetry={() => void insights.refetch()} />
      ) : (
        <div className="flex flex-col gap-10">
          <ChartSection id="dau" title="Daily active users">
            <DailyActiveUsersChart data={insights.data} />
          </ChartSection>
          <ChartSection id="events" title="Events per day">
            {insights.data.totals.length === 0 ? (
              <EmptyState title="No events in this period">Events appear here as people use the app.</EmptyState>
            ) : (
              <DailyEventsChart data={insights.data} />
            )}
          </ChartSection>
          <div className="grid gap-10 md:grid-cols-2">
            <section aria-labelledby="totals-heading">
              <h2 id="totals-heading" className="mb-3 text-lg font-semibold">
                Totals
              </h2>
              <CountTable
                caption="Events in the period, by name"
                columns={['Event', 'Count']}
                rows={insights.data.totals.map((total) => [total.name, total.count])}
              />
            </section>
            <section aria-labelledby="projects-heading">
              <h2 id="projects-heading" className="mb-3 text-lg font-semibold">
                Most active projects
              </h2>
              <CountTable
                caption="Projects with the most events in the period"
                columns={['Project', 'Events']}
                rows={insights.data.topProjects.map((project) => [project.name ?? 'Deleted project', project.events])}
              />
            </section>
          </div>
        </div>
      )}
    </main>
  );
}

function ChartSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`}>
      <figure aria-labelledby={`${id}-heading`} className="m-0">
        <h2 id={`${id}-heading`} className="mb-3 text-lg font-semibold">
          {title}
        </h2>
        {children}
      </figure>
    </section>
  );
}

function CountTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: [string, string];
  rows: (readonly [string, number])[];
}) {
  if (rows.length === 0) return <p className="text-muted">Nothing in this period.</p>;
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-border">
          <th scope="col" className="py-2 font-medium">
            {columns[0]}
          </th>
          <th scope="col" className="py-2 text-right font-medium">
            {columns[1]}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, count], index) => (
          // Two deleted projects share a name, so the position keeps rows apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are not reordered while shown.
          <tr key={index} className="border-b border-border last:border-0">
            <td className="py-2 break-all">{name}</td>
            <td className="py-2 text-right tabular-nums">{count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
