import { describe, expect, it } from 'vitest';
import { columnStepPx, edgeAt, listStepPx, sideAt, sideZonePx } from './touch-drag-geometry';

describe('touch drag geometry', () => {
  it('lands before a tile over its top half and after it over its bottom half', () => {
    expect(edgeAt({ top: 100, height: 80 }, 139)).toBe('top');
    expect(edgeAt({ top: 100, height: 80 }, 140)).toBe('bottom');
  });

  it('notices a finger near either side of the board', () => {
    const board = { left: 16, right: 359 };
    expect(sideAt(board, 16 + sideZonePx - 1)).toBe('start');
    expect(sideAt(board, 187)).toBeNull();
    expect(sideAt(board, 359 - sideZonePx + 1)).toBe('end');
  });

  it('steps one column at a time, and not past the first or the last', () => {
    expect(columnStepPx([0, 300, 600], 'end')).toBe(300);
    expect(columnStepPx([-300, 0, 300], 'start')).toBe(-300);
    expect(columnStepPx([-120, 180, 480], 'start')).toBe(-120);
    expect(columnStepPx([0.4, 300, 600], 'start')).toBeNull();
    expect(columnStepPx([-600, -300, 0], 'end')).toBeNull();
  });

  it('scrolls a list near its ends, faster closer to them and beyond them', () => {
    const list = { top: 100, bottom: 500 };
    expect(listStepPx(list, 300)).toBe(0);
    expect(listStepPx(list, 130)).toBeLessThan(0);
    expect(listStepPx(list, 105)).toBeLessThan(listStepPx(list, 130));
    expect(listStepPx(list, 40)).toBe(-12);
    expect(listStepPx(list, 480)).toBeGreaterThan(0);
    expect(listStepPx(list, 560)).toBe(12);
  });
});
