import { useEffect, useRef } from 'react';
import { advanceKeySequence, idleSequence, type SequenceState } from './key-sequence';

/** Typing in a field, or working in a dialog or menu, must never trigger a page's shortcut. */
export function isBusyTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return target.closest('input, textarea, select, [role="dialog"], [role="menu"]') !== null;
}

/** Keys pressed one after another without modifiers: `['c']`, or `['g', 'k']` for `g` then `k`. */
export interface KeyBinding {
  keys: readonly string[];
  onPress(): void;
}

interface Registration {
  bindings: readonly KeyBinding[];
}

/**
 * One listener for every binding of the app, so that one sequence state sees them all: `g` then `c` goes to the
 * cards and does not also count as `c` (new card).
 */
const registrations: Registration[] = [];
let sequence: SequenceState = idleSequence;

/** Pressed on the way to another key (Shift for `?`): they neither count nor interrupt a sequence. */
const modifierKeys = new Set(['Shift', 'Control', 'Alt', 'Meta', 'CapsLock', 'AltGraph']);

function activeBindings(): KeyBinding[] {
  // The latest registered first: a page's own binding of a key wins over the app-wide one.
  return registrations.toReversed().flatMap((registration) => registration.bindings);
}

function handleKeyDown(event: KeyboardEvent): void {
  if (event.repeat || event.isComposing || event.defaultPrevented || modifierKeys.has(event.key)) return;
  if (event.ctrlKey || event.metaKey || event.altKey || isBusyTarget(event.target)) {
    sequence = idleSequence;
    return;
  }
  const bindings = activeBindings();
  const step = advanceKeySequence(
    sequence,
    event.key,
    event.timeStamp,
    bindings.map((binding) => binding.keys),
  );
  sequence = step.state;
  if (step.result.kind === 'none') return;
  event.preventDefault(); // otherwise the key would land in the field that the shortcut focuses
  if (step.result.kind === 'match') bindings[step.result.index]?.onPress();
}

/** Calls a binding's `onPress` when its keys are pressed in turn while focus is not in a field, dialog or menu. */
export function useKeySequences(bindings: readonly KeyBinding[]): void {
  const registration = useRef<Registration>({ bindings });
  useEffect(() => {
    registration.current.bindings = bindings;
  });

  useEffect(() => {
    const entry = registration.current;
    registrations.push(entry);
    if (registrations.length === 1) document.addEventListener('keydown', handleKeyDown);
    return () => {
      registrations.splice(registrations.indexOf(entry), 1);
      if (registrations.length === 0) {
        document.removeEventListener('keydown', handleKeyDown);
        sequence = idleSequence;
      }
    };
  }, []);
}

/** Calls `onPress` when the single key `key` is pressed without modifiers while focus is not in a field. */
export function useKeyboardShortcut(key: string, onPress: () => void): void {
  useKeySequences([{ keys: [key], onPress }]);
}
