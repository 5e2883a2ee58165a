export interface BellIconProps {
  className?: string;
}

/** A bell; decorative, so pair it with a name. */
export function BellIcon({ className = 'size-5' }: BellIconProps) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className={className} fill="none" stroke="currentColor">
      <path
        d="M10 2.75a5 5 0 0 0-5 5v2.9c0 .5-.17.98-.48 1.37L3.5 13.3v.95h13v-.95l-1.02-1.28a2.2 2.2 0 0 1-.48-1.37v-2.9a5 5 0 0 0-5-5Z"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
      <path d="M8 16.25a2 2 0 0 0 4 0" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}
