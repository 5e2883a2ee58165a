// The 1-minute load average, printed next to figures: the machine is shared, and other work on it skews
// every figure, so a note quoting one should say how busy the machine was.
import os from 'node:os';

/** The 1-minute load average, two decimals, flagged when above half the cores. */
export function describeLoad() {
  const [oneMinute] = os.loadavg();
  const busy = oneMinute > os.availableParallelism() / 2 ? ' (busy: figures are pessimistic)' : '';
  return `${oneMinute.toFixed(2)}${busy}`;
}

export function printLoad(when) {
  console.log(`Load average (1 min) ${when}: ${describeLoad()}`);
}

/** Just the number, for the summary table, where the flag would not fit. */
export function loadNow() {
  return os.loadavg()[0].toFixed(2);
}
