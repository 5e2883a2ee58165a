import { describe, expect, it } from 'vitest';
import { idlePress, type LongPress, type LongPressEvent, longPressSlopPx, nextPress } from './long-press';

/** Runs events from idle and lists the effects they asked for. */
function run(...events: LongPressEvent[]): { press: LongPress; effects: string[] } {
  let press = idlePress;
  const effects: string[] = [];
  for (const event of events) {
    const next = nextPress(press, event);
    press = next.press;
    effects.push(next.effect);
  }
  return { press, effects };
}

const start = { type: 'start', touchId: 1, x: 100, y: 200, fingers: 1 } as const;

describe('long press', () => {
  it('picks the task up once the finger has rested, follows it, and drops it where it is lifted', () => {
    const { press, effects } = run(
      start,
      { type: 'move', touchId: 1, x: 102, y: 201 },
      { type: 'elapsed' },
      { type: 'move', touchId: 1, x: 300, y: 150 },
    );
    expect(effects).toEqual(['arm', 'none', 'pick-up', 'follow']);
    expect(press).toEqual({ phase: 'dragging', touchId: 1, x: 300, y: 150 });
    expect(nextPress(press, { type: 'end', touchId: 1 })).toEqual({ press: idlePress, effect: 'drop' });
  });

  it('lets a finger that moves before the delay scroll the board', () => {
    const drifted = run(start, { type: 'move', touchId: 1, x: 100 + longPressSlopPx + 1, y: 200 }, { type: 'elapsed' });
    expect(drifted.effects).toEqual(['arm', 'disarm', 'none']);
    expect(drifted.press).toBe(idlePress);
  });

  it('treats a finger lifted before the delay as a tap', () => {
    expect(run(start, { type: 'end', touchId: 1 }, { type: 'elapsed' }).effects).toEqual(['arm', 'disarm', 'none']);
  });

  it('gives up on a second finger or a cancelled touch, putting a picked-up task back', () => {
    expect(run({ ...start, fingers: 2 }).effects).toEqual(['disarm']);
    expect(run(start, { type: 'elapsed' }, { ...start, touchId: 2, fingers: 2 }).effects).toEqual([
      'arm',
      'pick-up',
      'abort',
    ]);
    expect(run(start, { type: 'elapsed' }, { type: 'cancel' }).effects).toEqual(['arm', 'pick-up', 'abort']);
  });

  it('ignores other fingers’ moves and ends', () => {
    const { press, effects } = run(
      start,
      { type: 'elapsed' },
      { type: 'move', touchId: 2, x: 0, y: 0 },
      { type: 'end', touchId: 2 },
    );
    expect(effects).toEqual(['arm', 'pick-up', 'none', 'none']);
    expect(press).toEqual({ phase: 'dragging', touchId: 1, x: 100, y: 200 });
  });
});
