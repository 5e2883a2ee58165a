import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: string;
  children: ReactNode;
  /** A way forward, e.g. a button that creates the first item. */
  action?: ReactNode;
}

/** What a list shows while it has nothing in it: what will appear here, and how. */
export function EmptyState({ title, children, action }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border px-6 py-16 text-center">
      <p className="text-lg font-medium">{title}</p>
      <div className="max-w-md text-muted">{children}</div>
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}
