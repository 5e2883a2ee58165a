import { Button } from './button';

export interface RetryPanelProps {
  message: string;
  onRetry(): void;
  retrying?: boolean;
}

/** A failed load: what failed, and a way to ask again. */
export function RetryPanel({ message, onRetry, retrying = false }: RetryPanelProps) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-danger bg-danger-soft px-6 py-10 text-center"
    >
      <p>{message}</p>
      <Button variant="secondary" onClick={onRetry} disabled={retrying}>
        Try again
      </Button>
    </div>
  );
}
