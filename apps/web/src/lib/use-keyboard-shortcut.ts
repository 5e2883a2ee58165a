import { useEffect, useRef } from 'react';

/** Typing in a field, or working in a dialog or menu, must never trigger a page's shortcut. */
function isBusyTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return target.closest('input, textarea, select, [role="dialog"], [role="menu"]') !== null;
}

/** Calls `onPress` when the single key `key` is pressed without modifiers while focus is not in a field. */
export function useKeyboardShortcut(key: string, onPress: () => void): void {
  const latest = useRef(onPress);
  useEffect(() => {
    latest.current = onPress;
  });

  useEffect(() => {
    function handleKeyDown(event: KeyboardEvent): void {
      if (event.key !== key || event.repeat || event.isComposing || event.defaultPrevented) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (isBusyTarget(event.target)) return;
      event.preventDefault(); // otherwise the key would land in the field that the shortcut focuses
      latest.current();
    }
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [key]);
}
