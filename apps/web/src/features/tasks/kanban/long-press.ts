/**
 * How long a finger rests on a tile before the tile follows it. Shorter, and a finger that stops while scrolling the
 * board picks a task up; longer, and picking one up feels broken. Android's own long press is 500 ms.
 */
export const longPressDelayMs = 450;

/** How far a finger may drift before the long press fires; further, and it is scrolling the board. */
export const longPressSlopPx = 8;

export type LongPress =
  | { phase: 'idle' }
  | { phase: 'pressing'; touchId: number; startX: number; startY: number; x: number; y: number }
  | { phase: 'dragging'; touchId: number; x: number; y: number };

export type LongPressEvent =
  | { type: 'start'; touchId: number; x: number; y: number; fingers: number }
  | { type: 'move'; touchId: number; x: number; y: number }
  | { type: 'elapsed' }
  | { type: 'end'; touchId: number }
  | { type: 'cancel' };

/** What the gesture asks of the board after an event. */
export type LongPressEffect = 'none' | 'arm' | 'disarm' | 'pick-up' | 'follow' | 'drop' | 'abort';

export const idlePress: LongPress = { phase: 'idle' };

/** The gesture's next state and what to do about it: arm or disarm the timer, pick the task up, follow, drop. */
export function nextPress(press: LongPress, event: LongPressEvent): { press: LongPress; effect: LongPressEffect } {
  switch (event.type) {
    case 'start': {
      const { touchId, x, y } = event;
      // A second finger means a pinch or a two-finger scroll, never a drag.
      if (event.fingers === 1 && press.phase === 'idle') {
        return { press: { phase: 'pressing', touchId, startX: x, startY: y, x, y }, effect: 'arm' };
      }
      return { press: idlePress, effect: press.phase === 'dragging' ? 'abort' : 'disarm' };
    }
    case 'move': {
      if (press.phase === 'idle' || event.touchId !== press.touchId) return { press, effect: 'none' };
      if (press.phase === 'dragging') return { press: { ...press, x: event.x, y: event.y }, effect: 'follow' };
      const drift = Math.hypot(event.x - press.startX, event.y - press.startY);
      if (drift > longPressSlopPx) return { press: idlePress, effect: 'disarm' };
      return { press: { ...press, x: event.x, y: event.y }, effect: 'none' };
    }
    case 'elapsed':
      if (press.phase !== 'pressing') return { press, effect: 'none' };
      return { press: { phase: 'dragging', touchId: press.touchId, x: press.x, y: press.y }, effect: 'pick-up' };
    case 'end':
      if (press.phase === 'idle' || event.touchId !== press.touchId) return { press, effect: 'none' };
      return { press: idlePress, effect: press.phase === 'dragging' ? 'drop' : 'disarm' };
    case 'cancel':
      if (press.phase === 'idle') return { press, effect: 'none' };
      return { press: idlePress, effect: press.phase === 'dragging' ? 'abort' : 'disarm' };
  }
}
