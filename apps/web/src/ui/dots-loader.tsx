export interface DotsLoaderProps {
  /** Accessible name of the status region. */
  label?: string;
  className?: string;
}

/** Three pulsing dots; a status region named "Loading" for assistive technology (spec §2). */
export function DotsLoader({ label = 'Loading', className = '' }: DotsLoaderProps) {
  return (
    <div role="status" aria-label={label} className={`flex items-center justify-center gap-1.5 ${className}`.trim()}>
      {[0, 160, 320].map((delayMs) => (
        <span
          key={delayMs}
          aria-hidden="true"
          className="animate-dot size-2.5 rounded-full bg-primary"
          style={{ animationDelay: `${delayMs}ms` }}
        />
      ))}
    </div>
  );
}
