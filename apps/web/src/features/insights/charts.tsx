import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { dailyEventRows, type InsightsData } from './api';

/** Distinct hues that keep their contrast on both the light and the dark background. */
const palette = ['#2f6fdf', '#e0731b', '#1f9d6a', '#c2418f', '#7a5bd6', '#b8961a', '#16a3b8', '#d64545', '#6b7a90'];

const axisTick = { fill: 'currentColor', fontSize: 12 };

function shortDay(day: string): string {
  return day.slice(5);
}

export function DailyActiveUsersChart({ data }: { data: InsightsData }) {
  return (
    <div className="h-64 w-full text-muted">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data.dailyActiveUsers} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" />
          <XAxis dataKey="day" tickFormatter={shortDay} tick={axisTick} minTickGap={16} />
          <YAxis allowDecimals={false} tick={axisTick} />
          <Tooltip contentStyle={{ background: 'var(--color-bg)', borderColor: 'var(--color-border)' }} />
          <Line type="monotone" dataKey="users" name="Active users" stroke={palette[0]} strokeWidth={2} dot={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

export function DailyEventsChart({ data }: { data: InsightsData }) {
  const { names, rows } = dailyEventRows(data);
  return (
    <div className="h-80 w-full text-muted">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" />
          <XAxis dataKey="day" tickFormatter={shortDay} tick={axisTick} minTickGap={16} />
          <YAxis allowDecimals={false} tick={axisTick} />
          <Tooltip contentStyle={{ background: 'var(--color-bg)', borderColor: 'var(--color-border)' }} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {names.map((name, index) => (
            <Bar key={name} dataKey={name} stackId="events" fill={palette[index % palette.length]} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
