export interface ProgressBarProps {
  /** The bar's accessible name, e.g. "Export progress". */
  label: string;
  /** 0 to 100. */
  percent: number;
}

/** A labelled determinate progress bar with its percentage written beside it. */
export function ProgressBar({ label, percent }: ProgressBarProps) {
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 flex-1 overflow-hidden rounded-full bg-surface-strong"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <span aria-hidden="true" className="w-10 text-right text-sm text-muted tabular-nums">
        {percent}%
      </span>
    </div>
  );
}
