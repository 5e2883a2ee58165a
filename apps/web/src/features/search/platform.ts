/** Apple keyboards say ⌘ where others say Ctrl. `navigator.platform` is deprecated; the user agent still tells. */
export function isApplePlatform(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad|iPod/u.test(navigator.userAgent);
}

/** How the palette's shortcut is written on this platform. */
export function paletteShortcutLabel(): string {
  return isApplePlatform() ? '⌘K' : 'Ctrl K';
}

/** The shortcut in `aria-keyshortcuts` syntax. */
export function paletteShortcutAria(): string {
  return isApplePlatform() ? 'Meta+K' : 'Control+K';
}
