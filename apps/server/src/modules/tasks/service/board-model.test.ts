import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { BoardRead, BoardTaskRow } from '../queries/board-rows';
import { answerOf, applyBoardRead, type BoardModel } from './board-model';

const statuses = ['a', 'b', 'c'].map((letter) => ({
  id: `0000000${letter}-0000-7000-8000-000000000000`,
  project_id: '00000000-0000-7000-8000-0000000000ff',
  name: `Status ${letter}`,
  color: '#64748b',
  category: 'todo' as const,
  wip_limit: null,
}));

let seed = 7;
const random = (n: number) => {
  seed = (seed * 48271) % 2147483647;
  return seed % n;
};

function task(i: number, statusIndex: number, position: string): BoardTaskRow {
  const id = `${i.toString(16).padStart(8, '0')}-0000-7000-8000-${random(2 ** 30)
    .toString(16)
    .padStart(12, '0')}`;
  const statusId = statuses[statusIndex]?.id ?? '';
  return {
    id,
    statusId,
    position,
    onBoard: true,
    json: JSON.stringify({ id, title: `Task ${i}`, status_id: statusId }),
  };
}

const read = (tasks: BoardTaskRow[], deletedIds: string[] | null = []): BoardRead => ({
  snapshot: { xmin: '100', xmax: '100', startedAt: '0', snapshot: '100:100:' },
  deletedIds,
  others: '3:2026-11-26 10:00:00+00|',
  statuses,
  tasks,
});

/** The answer's body, checked against its gzip form and the order the model's tasks must be in. */
async function expectAnswer(model: BoardModel, expectedIds: string[]): Promise<void> {
  const { answer } = await answerOf(model, { readWhole: false });
  const gzip = answer.encoded.gzip;
  if (!gzip) throw new Error('no gzip form');
  expect(gunzipSync(gzip).equals(answer.body)).toBe(true);
  const board = JSON.parse(answer.body.toString()) as { tasks: { id: string }[] };
  expect(board.tasks.map((t) => t.id)).toEqual(expectedIds);
}

describe('the board model', () => {
  it('answers in board order, its gzip form pieced together exact, through many moves', async () => {
    const tasks = Array.from({ length: 3000 }, (_, i) => task(i, i % 3, `k${String(i).padStart(5, '0')}`));
    let model = applyBoardRead(undefined, read(tasks));
    if (!model) throw new Error('no model');
    const sorted = () =>
      [...tasks]
        .sort((x, y) => x.statusId.localeCompare(y.statusId) || (x.position < y.position ? -1 : 1))
        .map((t) => t.id);
    await expectAnswer(model, sorted());
    for (let round = 0; round < 30; round += 1) {
      const moved: BoardTaskRow[] = [];
      for (let k = 0; k < 1 + random(5); k += 1) {
        const index = random(tasks.length);
        const before = tasks[index];
        if (!before) continue;
        const after = { ...before, statusId: statuses[random(3)]?.id ?? '', position: `m${round}-${k}` };
        tasks[index] = after;
        moved.push(after);
      }
      model = applyBoardRead(model, read(moved));
      if (!model) throw new Error('model lost');
      await expectAnswer(model, sorted());
    }
  });

  it('places hundreds of changed tasks one by one, keeping the runs they leave alone, and stays exact', async () => {
    const tasks = Array.from({ length: 3000 }, (_, i) => task(i, i % 3, `k${String(i).padStart(5, '0')}`));
    let model = applyBoardRead(undefined, read(tasks));
    if (!model) throw new Error('no model');
    await answerOf(model, { readWhole: false });
    const sorted = () =>
      [...tasks]
        .sort((x, y) => x.statusId.localeCompare(y.statusId) || (x.position < y.position ? -1 : 1))
        .map((t) => t.id);
    for (let round = 0; round < 5; round += 1) {
      const before = new Set(model.runs);
      // Distinct tasks, as a read of the changes returns each task once.
      const indexes = new Set<number>();
      while (indexes.size < 300) indexes.add(random(tasks.length));
      const moved = [...indexes].map((index, k) => {
        const after = {
          ...(tasks[index] as BoardTaskRow),
          statusId: statuses[random(3)]?.id ?? '',
          position: `m${round}-${k}`,
        };
        tasks[index] = after;
        return after;
      });
      model = applyBoardRead(model, read(moved));
      if (!model) throw new Error('model lost');
      // Sorting every task again would have made every run anew, and the whole answer would be deflated again.
      expect(model.runs.filter((run) => before.has(run)).length).toBeGreaterThan(model.runs.length / 4);
      await expectAnswer(model, sorted());
    }
  });

  it('compresses the answer of a model read whole as one stream, Brotli too, and pieces it after a change', async () => {
    const tasks = Array.from({ length: 300 }, (_, i) => task(i, i % 3, `k${String(i).padStart(5, '0')}`));
    const model = applyBoardRead(undefined, read(tasks));
    if (!model) throw new Error('no model');
    const { answer } = await answerOf(model, { readWhole: true });
    const { br, gzip } = answer.encoded;
    if (!br || !gzip) throw new Error('not compressed whole');
    expect(brotliDecompressSync(br).equals(answer.body)).toBe(true);
    expect(gunzipSync(gzip).equals(answer.body)).toBe(true);
    // Nothing was deflated in pieces: the first change deflates them all, and pieces them together exactly.
    expect(model.runs.some((run) => run.made?.deflated)).toBe(false);
    const moved = { ...(tasks[5] as BoardTaskRow), statusId: statuses[2]?.id ?? '', position: 'z' };
    const changed = applyBoardRead(model, read([moved]));
    if (!changed) throw new Error('model lost');
    const next = await answerOf(changed, { readWhole: false });
    expect(next.answer.encoded.br).toBeUndefined();
    expect(gunzipSync(next.answer.encoded.gzip ?? Buffer.alloc(0)).equals(next.answer.body)).toBe(true);
    expect(changed.runs.every((run) => run.made?.deflated)).toBe(true);
  });

  it('drops deleted tasks without a whole read, placing them one by one, also one written again under its id', async () => {
    const tasks = Array.from({ length: 300 }, (_, i) => task(i, i % 3, `k${String(i).padStart(5, '0')}`));
    let model = applyBoardRead(undefined, read(tasks));
    if (!model) throw new Error('no model');
    await answerOf(model, { readWhole: false });
    const jsonLength = model.jsonLength;
    const before = new Set(model.runs);
    const [gone, back, unknown] = [tasks[7], tasks[150], task(999, 0, 'a')];
    if (!gone || !back) throw new Error('no tasks');
    // `back` was deleted and then written again: its row comes with the deletion. `unknown` the model never held.
    const returned = { ...back, position: 'zz' };
    model = applyBoardRead(model, read([returned], [gone.id, back.id, unknown.id]));
    if (!model) throw new Error('a deletion asked for a whole read');
    expect(model.runs.filter((run) => before.has(run)).length).toBeGreaterThan(model.runs.length / 2);
    expect(model.entries.has(gone.id)).toBe(false);
    expect(model.jsonLength).toBe(jsonLength - Buffer.byteLength(gone.json) - 200);
    const kept = tasks.filter((t) => t !== gone && t !== back).concat(returned);
    await expectAnswer(
      model,
      kept.sort((x, y) => x.statusId.localeCompare(y.statusId) || (x.position < y.position ? -1 : 1)).map((t) => t.id),
    );
  });

  it('asks for a whole read when a deletion names no tasks (recorded before migration 0023)', () => {
    const tasks = [task(1, 0, 'a'), task(2, 0, 'b')];
    const model = applyBoardRead(undefined, read(tasks));
    expect(model && applyBoardRead(model, read([], null))).toBeUndefined();
  });
});
