import { type ThemePreference, themePreferences } from '../../lib/theme';

const labels: Record<ThemePreference, string> = { system: 'System', light: 'Light', dark: 'Dark' };

export interface ThemeFieldProps {
  value: ThemePreference;
  onChange(value: ThemePreference): void;
}

export function ThemeField({ value, onChange }: ThemeFieldProps) {
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium">Theme</legend>
      <div className="flex flex-wrap gap-2">
        {themePreferences.map((preference) => (
          <label
            key={preference}
            className="flex min-h-10 cursor-pointer items-center gap-2 rounded-md border border-border px-3 text-sm has-checked:border-primary has-checked:bg-primary-soft has-focus-visible:outline-2 has-focus-visible:outline-ring"
          >
            <input
              type="radio"
              name="theme"
              value={preference}
              checked={value === preference}
              onChange={() => onChange(preference)}
              className="accent-primary"
            />
            {labels[preference]}
          </label>
        ))}
      </div>
      <p className="mt-1.5 text-xs text-muted">System follows your device's light or dark setting.</p>
    </fieldset>
  );
}
