// Collects figures as they are measured and prints them twice: one line each as they come, and a
// Markdown table at the end that can be pasted into an issue note as it is. Each figure carries the load
// average at the time it was taken, since the machine it runs on is shared.
import { loadNow } from './load-average.mjs';

/** Milliseconds with one decimal below 100 ms, where the decimal still means something. */
export function formatMs(ms) {
  return ms < 100 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`;
}

/** Kilobytes as Vite prints them (1 KB = 1000 bytes), so the figures match the build output. */
export function formatKb(bytes) {
  return `${(bytes / 1000).toFixed(1)} KB`;
}

export function formatMib(kib) {
  return `${(kib / 1024).toFixed(1)} MiB`;
}

function describeMet(met) {
  if (met === undefined) return '—';
  return met ? 'met' : 'NOT met';
}

/**
 * A report. `add` takes { name, figure, target?, met? }: target is the text shown (e.g. '≤ 170 KB'),
 * met is whether it was reached; leave both out for figures that have no target.
 */
export function createReport() {
  const rows = [];
  return {
    add(row) {
      const load = loadNow();
      rows.push({ ...row, load });
      const targetText = row.target ? `   (target ${row.target}: ${describeMet(row.met)})` : '';
      console.log(`  ${row.name}: ${row.figure}${targetText}   [load ${load}]`);
    },
    printSummary() {
      const header = ['Measurement', 'Figure', 'Target', 'Met', 'Load (1 min)'];
      const cells = rows.map((r) => [r.name, r.figure, r.target ?? '—', r.target ? describeMet(r.met) : '—', r.load]);
      const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
      const line = (c) => `| ${c.map((text, i) => text.padEnd(widths[i])).join(' | ')} |`;
      console.log(line(header));
      console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
      for (const c of cells) console.log(line(c));
    },
  };
}
