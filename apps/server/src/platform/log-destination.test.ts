import { spawnSync } from 'node:child_process';
import { setImmediate as afterTurn } from 'node:timers/promises';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createLogDestination, maxWaitingChars } from './log-destination';

function recorded() {
  const writes: string[] = [];
  const destination = createLogDestination({ write: (text) => writes.push(text) });
  return { writes, destination };
}

describe('createLogDestination', () => {
  it('writes the lines of one turn together, in order, once the turn ends', async () => {
    const { writes, destination } = recorded();
    destination.write('{"msg":"one"}\n');
    destination.write('{"msg":"two"}\n');
    destination.write('{"msg":"three"}\n');
    expect(writes).toEqual([]);
    await afterTurn();
    expect(writes).toEqual(['{"msg":"one"}\n{"msg":"two"}\n{"msg":"three"}\n']);
  });

  it('writes a later turn’s lines in a write of their own, and nothing for a turn without lines', async () => {
    const { writes, destination } = recorded();
    destination.write('a\n');
    await afterTurn();
    await afterTurn();
    destination.write('b\n');
    await afterTurn();
    expect(writes).toEqual(['a\n', 'b\n']);
  });

  it('writes at once when the lines waiting grow past the bound, and the rest when the turn ends', async () => {
    const { writes, destination } = recorded();
    const line = `${'x'.repeat(1023)}\n`;
    const count = maxWaitingChars / line.length + 3;
    for (let i = 0; i < count; i += 1) destination.write(line);
    expect(writes).toEqual([line.repeat(maxWaitingChars / line.length)]);
    await afterTurn();
    expect(writes.join('')).toBe(line.repeat(count));
    expect(writes).toHaveLength(2);
  });

  it('writes the lines still waiting when the process exits in the same turn, to standard output', () => {
    const script = `
      import { createLogDestination } from ${JSON.stringify(new URL('./log-destination.ts', import.meta.url).href)};
      const destination = createLogDestination();
      destination.write('{"msg":"before exit"}\\n');
      process.exit(3);`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(3);
    expect(run.stdout).toBe('{"msg":"before exit"}\n');
  });

  it('writes what waits when asked to, as the exit does', () => {
    const { writes, destination } = recorded();
    destination.write('last words\n');
    destination.flush();
    expect(writes).toEqual(['last words\n']);
  });

  it('answers a logger’s flush(cb) once the lines are written, as pino expects of a destination', async () => {
    const { writes, destination } = recorded();
    const logger = pino({}, destination);
    logger.info('flushed');
    await new Promise<void>((resolve) => logger.flush(() => resolve()));
    expect(writes).toHaveLength(1);
    expect(JSON.parse(writes[0] ?? '')).toMatchObject({ msg: 'flushed' });
  });
});
