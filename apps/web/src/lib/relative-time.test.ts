import { describe, expect, it } from 'vitest';
import { formatExactTime, formatRelativeTime } from './relative-time';

const now = Date.parse('2026-05-12T12:00:00Z');

function ago(ms: number): string {
  return new Date(now - ms).toISOString();
}

describe('formatRelativeTime', () => {
  it('says just now for under a minute, and for times ahead of this clock', () => {
    expect(formatRelativeTime(ago(0), now)).toBe('just now');
    expect(formatRelativeTime(ago(59_999), now)).toBe('just now');
    expect(formatRelativeTime(ago(-120_000), now)).toBe('just now');
  });

  it('counts minutes, hours and days', () => {
    expect(formatRelativeTime(ago(60_000), now)).toBe('1 min ago');
    expect(formatRelativeTime(ago(3 * 60_000 + 59_000), now)).toBe('3 min ago');
    expect(formatRelativeTime(ago(59 * 60_000), now)).toBe('59 min ago');
    expect(formatRelativeTime(ago(60 * 60_000), now)).toBe('1 hour ago');
    expect(formatRelativeTime(ago(23 * 3_600_000), now)).toBe('23 hours ago');
    expect(formatRelativeTime(ago(24 * 3_600_000), now)).toBe('yesterday');
    expect(formatRelativeTime(ago(6 * 86_400_000), now)).toBe('6 days ago');
  });

  it('gives the date from a week on', () => {
    const iso = ago(7 * 86_400_000);
    const date = formatRelativeTime(iso, now);
    expect(date).not.toMatch(/ago|yesterday/);
    expect(date).toContain('2026');
  });

  it('gives nothing for a value that is not a time', () => {
    expect(formatRelativeTime('not a date', now)).toBe('');
    expect(formatExactTime('not a date')).toBe('');
  });
});

describe('formatExactTime', () => {
  it('includes the year and the time of day', () => {
    const exact = formatExactTime('2026-05-12T12:34:00Z');
    expect(exact).toContain('2026');
    expect(exact).toMatch(/\d{1,2}:\d{2}/);
  });
});
