import type { ReportException, ReportFrame } from '@deckhand/contract/reports';

// "    at fn (file:line:col)", "    at async fn (file:line:col)" or "    at file:line:col"
const framePattern = /^\s*at (?:(?:async )?(.+?) \()?(.+?):(\d+):(\d+)\)?$/;

function toFrame(line: string): ReportFrame | undefined {
  const match = framePattern.exec(line);
  if (!match) return undefined;
  const [, fn, file = '', lineno, colno] = match;
  const filename = file.replace(/^file:\/\//, '');
  return {
    filename,
    function: fn ?? null,
    lineno: Number(lineno),
    colno: Number(colno),
    in_app: !filename.startsWith('node:') && !filename.includes('/node_modules/') && filename.includes('/'),
  };
}

/** V8's stack trace as Sentry frames: oldest call first, the throwing frame last. */
export function framesOf(stack: string | undefined): ReportFrame[] {
  if (!stack) return [];
  return stack
    .split('\n')
    .slice(1)
    .map(toFrame)
    .filter((f): f is ReportFrame => f !== undefined)
    .reverse();
}

const maxCauses = 5;

/** An error and its causes, causes first, as Sentry lists chained exceptions. */
export function exceptionsOf(err: unknown): ReportException[] {
  const chain: ReportException[] = [];
  let current: unknown = err;
  while (chain.length < maxCauses && current !== undefined && current !== null) {
    if (current instanceof Error) {
      chain.unshift({
        type: current.name,
        value: current.message,
        stacktrace: { frames: framesOf(current.stack) },
      });
      current = current.cause;
    } else {
      chain.unshift({ type: typeof current, value: String(current), stacktrace: { frames: [] } });
      current = undefined;
    }
  }
  return chain;
}
