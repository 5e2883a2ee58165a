import { describe, expect, it } from 'vitest';
import { isSamePlace, moveInputForDrop } from './drop-place';

const board = { statuses: [{ id: 'todo' }, { id: 'doing' }] };

describe('moveInputForDrop', () => {
  it('places the task before the tile when over its top half, after it otherwise', () => {
    const over = { type: 'task', taskId: 'b', statusId: 'doing' } as const;
    expect(moveInputForDrop(board, 'a', { ...over, edge: 'top' })).toEqual({ status_id: 'doing', before_id: 'b' });
    expect(moveInputForDrop(board, 'a', { ...over, edge: 'bottom' })).toEqual({ status_id: 'doing', after_id: 'b' });
    expect(moveInputForDrop(board, 'a', { ...over, edge: null })).toEqual({ status_id: 'doing', after_id: 'b' });
  });

  it('sends a task dropped on a column to its end', () => {
    expect(moveInputForDrop(board, 'a', { type: 'column', statusId: 'todo' })).toEqual({ status_id: 'todo' });
  });

  it('moves nothing when dropped on itself, nowhere, or on a column that is gone', () => {
    expect(moveInputForDrop(board, 'a', { type: 'task', taskId: 'a', statusId: 'todo', edge: 'top' })).toBeUndefined();
    expect(moveInputForDrop(board, 'a', null)).toBeUndefined();
    expect(moveInputForDrop(board, 'a', { type: 'column', statusId: 'deleted' })).toBeUndefined();
  });
});

describe('isSamePlace', () => {
  it('tells a place from another tile, another half of the same tile, or a column', () => {
    const top = { type: 'task', taskId: 'b', statusId: 'todo', edge: 'top' } as const;
    const column = { type: 'column', statusId: 'todo' } as const;
    expect(isSamePlace(top, { ...top })).toBe(true);
    expect(isSamePlace(column, { ...column })).toBe(true);
    expect(isSamePlace(null, null)).toBe(true);
    expect(isSamePlace(top, { ...top, edge: 'bottom' })).toBe(false);
    expect(isSamePlace(top, { ...top, taskId: 'c' })).toBe(false);
    expect(isSamePlace(top, column)).toBe(false);
    expect(isSamePlace(column, null)).toBe(false);
  });
});
