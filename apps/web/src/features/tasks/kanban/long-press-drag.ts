import { type DropPlace, isSamePlace } from './drop-place';
import { idlePress, type LongPress, type LongPressEvent, longPressDelayMs, nextPress } from './long-press';
import { columnStepPx, listStepPx, sideAt } from './touch-drag-geometry';
import type { TouchDragStore } from './touch-drag-store';
import { columnOffsets, findListAt, findPlaceAt, findTileOf } from './touch-targets';

/**
 * Moving a task with a finger, where the browser's drag and drop (which moves tasks by mouse) does not start: a finger
 * resting on a tile for a moment picks the task up; the task then follows it, the board steps a column at a time when
 * it nears a side and a column's list scrolls near its ends, and it lands where the finger is lifted. A finger that
 * moves sooner scrolls the board as usual. `attach()` starts listening on the board and returns what stops it.
 */
export class LongPressDrag {
  private readonly board: HTMLElement;
  private readonly store: TouchDragStore;
  private readonly onDrop: (taskId: string, place: DropPlace | null) => void;
  private press: LongPress = idlePress;
  private tile: { element: HTMLElement; taskId: string } | null = null;
  // The touch's own target hears its moves and its end even when the virtualised list unmounts its tile.
  private target: EventTarget | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private frame: number | undefined;
  private side: 'start' | 'end' | null = null;

  constructor(board: HTMLElement, store: TouchDragStore, onDrop: (taskId: string, place: DropPlace | null) => void) {
    this.board = board;
    this.store = store;
    this.onDrop = onDrop;
  }

  attach(): () => void {
    this.board.addEventListener('touchstart', this.onTouchStart, { passive: true });
    // Browsers decide when a touch starts whether its moves may be cancelled, from the listeners already there (for
    // Safari, WebKit bug 184250): without one, a picked-up task could not keep the board from scrolling under it.
    this.board.addEventListener('touchmove', keepTouchMovesCancelable, { passive: false });
    this.board.addEventListener('contextmenu', this.onContextMenu);
    return () => {
      this.board.removeEventListener('touchstart', this.onTouchStart);
      this.board.removeEventListener('touchmove', keepTouchMovesCancelable);
      this.board.removeEventListener('contextmenu', this.onContextMenu);
      this.finish();
    };
  }

  private handle(event: LongPressEvent, native?: Event): void {
    const before = this.press;
    const { press, effect } = nextPress(before, event);
    this.press = press;
    if (effect === 'arm') this.timer = setTimeout(() => this.handle({ type: 'elapsed' }), longPressDelayMs);
    if (effect === 'pick-up' && press.phase === 'dragging') this.pickUp(press.x, press.y);
    if (effect === 'follow' && press.phase === 'dragging') {
      native?.preventDefault();
      this.follow(press.x, press.y);
    }
    if (effect === 'drop' && before.phase === 'dragging') {
      // Also keeps the lifted finger from clicking the tile it ends on.
      native?.preventDefault();
      const taskId = this.store.get()?.taskId;
      const place = findPlaceAt(before.x, before.y);
      this.finish();
      if (taskId) this.onDrop(taskId, place);
    }
    if (effect === 'disarm' || effect === 'abort') this.finish();
  }

  private pickUp(x: number, y: number): void {
    if (!this.tile) return;
    const { element, taskId } = this.tile;
    const rect = element.getBoundingClientRect();
    const place = findPlaceAt(x, y);
    this.store.set({ taskId, x, y, grabX: x - rect.left, grabY: y - rect.top, width: rect.width, place });
    // A resting finger may have started selecting the title.
    window.getSelection()?.removeAllRanges();
    this.side = sideAt(this.board.getBoundingClientRect(), x);
    this.frame = requestAnimationFrame(this.scrollLists);
  }

  private follow(x: number, y: number): void {
    const drag = this.store.get();
    if (!drag) return;
    const side = sideAt(this.board.getBoundingClientRect(), x);
    if (side && side !== this.side) {
      const step = columnStepPx(columnOffsets(this.board), side);
      if (step !== null) this.board.scrollBy({ left: step, behavior: 'smooth' });
    }
    this.side = side;
    this.store.set({ ...drag, x, y, place: findPlaceAt(x, y) });
  }

  /** Runs every frame of a drag: lists scroll near their ends, and the board may scroll under a finger at rest. */
  private readonly scrollLists = (): void => {
    const drag = this.store.get();
    if (!drag) return;
    const list = findListAt(drag.x, drag.y);
    if (list) list.scrollTop += listStepPx(list.getBoundingClientRect(), drag.y);
    const place = findPlaceAt(drag.x, drag.y);
    if (!isSamePlace(place, drag.place)) this.store.set({ ...drag, place });
    this.frame = requestAnimationFrame(this.scrollLists);
  };

  private finish(): void {
    clearTimeout(this.timer);
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
    this.target?.removeEventListener('touchmove', this.onTouchMove);
    this.target?.removeEventListener('touchend', this.onTouchEnd);
    this.target?.removeEventListener('touchcancel', this.onTouchCancel);
    this.target = null;
    this.tile = null;
    this.side = null;
    if (this.store.get()) this.store.set(null);
  }

  private readonly onTouchStart = (event: TouchEvent): void => {
    const touch = event.changedTouches[0];
    const tile = findTileOf(event.target);
    if (!touch || (this.press.phase === 'idle' && !tile)) return;
    if (this.press.phase === 'idle' && event.target) {
      this.tile = tile;
      this.target = event.target;
      this.target.addEventListener('touchmove', this.onTouchMove, { passive: false });
      this.target.addEventListener('touchend', this.onTouchEnd, { passive: false });
      this.target.addEventListener('touchcancel', this.onTouchCancel);
    }
    const { identifier: touchId, clientX: x, clientY: y } = touch;
    this.handle({ type: 'start', touchId, x, y, fingers: event.touches.length });
  };

  private readonly onTouchMove = (event: Event): void => {
    if (!(event instanceof TouchEvent)) return;
    for (const { identifier: touchId, clientX: x, clientY: y } of event.changedTouches) {
      this.handle({ type: 'move', touchId, x, y }, event);
    }
  };

  private readonly onTouchEnd = (event: Event): void => {
    if (!(event instanceof TouchEvent)) return;
    for (const touch of event.changedTouches) this.handle({ type: 'end', touchId: touch.identifier }, event);
  };

  private readonly onTouchCancel = (): void => this.handle({ type: 'cancel' });

  // A long press also asks for the context menu (Android) or the callout (iOS), which would cover the board.
  private readonly onContextMenu = (event: Event): void => {
    if (this.press.phase !== 'idle') event.preventDefault();
  };
}

function keepTouchMovesCancelable(): void {}
