import { paletteShortcutAria, paletteShortcutLabel } from './platform';

export interface SearchButtonProps {
  onClick(): void;
}

/** The header's Search button: opens the palette, and shows the shortcut that does the same. */
export function SearchButton({ onClick }: SearchButtonProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-keyshortcuts={paletteShortcutAria()}
      className="inline-flex h-9 items-center gap-2 rounded-md border border-border bg-bg px-2.5 text-sm text-muted hover:bg-surface-strong hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:min-w-48"
    >
      <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4" fill="none" stroke="currentColor">
        <circle cx="7" cy="7" r="4.5" strokeWidth="1.5" />
        <path d="M10.5 10.5 14 14" strokeWidth="1.5" strokeLinecap="round" />
      </svg>
      <span className="sr-only sm:not-sr-only">Search</span>
      <span
        aria-hidden="true"
        className="ml-auto hidden rounded border border-border px-1.5 font-sans text-xs sm:inline"
      >
        {paletteShortcutLabel()}
      </span>
    </button>
  );
}
