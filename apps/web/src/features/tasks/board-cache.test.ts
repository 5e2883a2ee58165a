import { describe, expect, it } from 'vitest';
import { type ClientBoard, type ClientBoardTask, placeInBoard, putBackInBoard } from './api';

function status(id: string, category: 'todo' | 'in_progress' | 'done' = 'todo') {
  return { id, projectId: 'p', name: id, color: '#64748b', category, wipLimit: null, taskCount: 0 };
}

function task(id: string, statusId: string): ClientBoardTask {
  const base = { cardId: 'c', cardTitle: 'Card', title: id, assigneeIds: [], dueAt: null, priority: 'none' as const };
  return { ...base, id, statusId, labels: [], doneAt: null };
}

/** "open: a b | doing: c | done: -" for a board, to compare orders at a glance. */
function layout(board: ClientBoard): string {
  return board.statuses
    .map((s) => {
      const ids = board.tasks.filter((t) => t.statusId === s.id).map((t) => t.id);
      return `${s.id}: ${ids.join(' ') || '-'} (${s.taskCount})`;
    })
    .join(' | ');
}

const board: ClientBoard = {
  statuses: [status('open'), status('doing', 'in_progress'), status('done', 'done')],
  tasks: [task('a', 'open'), task('b', 'open'), task('c', 'open'), task('d', 'doing')],
};

describe('placeInBoard', () => {
  it('places a task after, before or at the end of a column, as the server will', () => {
    expect(layout(placeInBoard(board, 'a', { status_id: 'open', after_id: 'c' }))).toBe(
      'open: b c a (3) | doing: d (1) | done: - (0)',
    );
    expect(layout(placeInBoard(board, 'd', { status_id: 'open', before_id: 'b' }))).toBe(
      'open: a d b c (4) | doing: - (0) | done: - (0)',
    );
    expect(layout(placeInBoard(board, 'b', { status_id: 'done' }))).toBe('open: a c (2) | doing: d (1) | done: b (1)');
  });

  it('completes a task moved into a done column and reopens one moved out', () => {
    const done = placeInBoard(board, 'a', { status_id: 'done' });
    expect(done.tasks.find((t) => t.id === 'a')?.doneAt).not.toBeNull();
    const reopened = placeInBoard(done, 'a', { status_id: 'open' });
    expect(reopened.tasks.find((t) => t.id === 'a')?.doneAt).toBeNull();
  });
});

describe('putBackInBoard', () => {
  it('puts a refused move back next to its old neighbour', () => {
    const moved = placeInBoard(board, 'b', { status_id: 'done' });
    expect(layout(putBackInBoard(moved, board, 'b'))).toBe('open: a b c (3) | doing: d (1) | done: - (0)');
  });

  it('keeps a second move made while the first was refused', () => {
    const first = placeInBoard(board, 'b', { status_id: 'done' });
    const second = placeInBoard(first, 'd', { status_id: 'open', after_id: 'a' });
    expect(layout(putBackInBoard(second, board, 'b'))).toBe('open: a b d c (4) | doing: - (0) | done: - (0)');
  });

  it('falls back to the column’s end when the old neighbours have left it', () => {
    const first = placeInBoard(board, 'a', { status_id: 'done' });
    const second = placeInBoard(first, 'b', { status_id: 'doing' });
    expect(layout(putBackInBoard(second, board, 'a'))).toBe('open: c a (2) | doing: d b (2) | done: - (0)');
  });

  it('restores whether the task was done', () => {
    const moved = placeInBoard(board, 'c', { status_id: 'done' });
    expect(putBackInBoard(moved, board, 'c').tasks.find((t) => t.id === 'c')?.doneAt).toBeNull();
  });
});
