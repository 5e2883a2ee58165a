import { useEffect, useRef } from 'react';

/** Inside another dialog or a menu, Ctrl K would open a second modal over the first: it waits until that closes. */
function isInOtherModal(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  const modal = target.closest('[role="dialog"], [role="alertdialog"], [role="menu"]');
  return modal !== null && !modal.hasAttribute('data-palette');
}

/**
 * Ctrl K (⌘K on Apple keyboards; either works everywhere) toggles the palette from anywhere, fields and the card
 * body included: it types nothing, so it cannot get in the way of writing.
 */
export function usePaletteHotkey(onToggle: () => void): void {
  const latest = useRef(onToggle);
  useEffect(() => {
    latest.current = onToggle;
  });

  useEffect(() => {
    function handleKeyDown(event: KeyboardEvent): void {
      if (event.key.toLowerCase() !== 'k' || !(event.ctrlKey || event.metaKey)) return;
      if (event.altKey || event.shiftKey || event.repeat || event.isComposing) return;
      if (isInOtherModal(event.target)) return;
      event.preventDefault(); // the browser's own Ctrl K focuses its address bar
      latest.current();
    }
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, []);
}
