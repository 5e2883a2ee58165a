import type { ReactNode } from 'react';

export interface SettingsSectionProps {
  title: string;
  description?: string;
  children: ReactNode;
  tone?: 'normal' | 'danger';
}

/** One titled block of the settings page. */
export function SettingsSection({ title, description, children, tone = 'normal' }: SettingsSectionProps) {
  const border = tone === 'danger' ? 'border-danger' : 'border-border';
  return (
    <section aria-label={title} className={`rounded-lg border ${border} bg-bg p-5`}>
      <h3 className="text-lg font-semibold">{title}</h3>
      {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
