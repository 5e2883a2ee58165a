/** The offset of `zone`'s wall clock from UTC at instant `at`, in milliseconds. */
function offsetAt(zone: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(at));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(at / 1000) * 1000;
}

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The calendar day (YYYY-MM-DD) that `zone`'s clocks show at `at`. */
export function dayIn(zone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    at,
  );
}

/** The moment `day` (YYYY-MM-DD) begins in `zone`, `plusDays` later. */
export function dayStart(zone: string, day: string, plusDays = 0): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const wall = Date.UTC(year, month - 1, date + plusDays);
  // Twice: the offset at the first guess can differ from the one at the answer across a clock change.
  let at = wall - offsetAt(zone, wall);
  at = wall - offsetAt(zone, at);
  return new Date(at);
}
