export interface LogoProps {
  size?: number;
}

/** The Deckhand mark; decorative, so pair it with visible text. */
export function Logo({ size = 28 }: LogoProps) {
  return (
    <svg aria-hidden="true" width={size} height={size} viewBox="0 0 32 32" className="shrink-0">
      <rect width="32" height="32" rx="7" className="fill-primary" />
      <path d="M9 8h7.5a8 8 0 0 1 0 16H9z" fill="none" strokeWidth="3" className="stroke-primary-fg" />
      <path d="M13 13h3.5a3 3 0 0 1 0 6H13z" className="fill-primary-fg" />
    </svg>
  );
}
