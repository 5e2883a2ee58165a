import { useSyncExternalStore } from 'react';

export const themePreferences = ['system', 'light', 'dark'] as const;
export type ThemePreference = (typeof themePreferences)[number];
export type Theme = 'light' | 'dark';

const themeStorageKey = 'theme';
const darkQuery = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

function isThemePreference(value: string | null): value is ThemePreference {
  return themePreferences.some((preference) => preference === value);
}

export function readThemePreference(): ThemePreference {
  try {
    const stored = window.localStorage.getItem(themeStorageKey);
    return isThemePreference(stored) ? stored : 'system';
  } catch {
    // Storage disabled: follow the system.
    return 'system';
  }
}

export function resolveTheme(preference: ThemePreference): Theme {
  if (preference !== 'system') return preference;
  return window.matchMedia(darkQuery).matches ? 'dark' : 'light';
}

/** Puts the resolved theme on <html>, where the design tokens of index.css pick it up. */
export function applyTheme(): void {
  const theme = resolveTheme(readThemePreference());
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
}

function notify(): void {
  applyTheme();
  for (const listener of listeners) listener();
}

export function saveThemePreference(preference: ThemePreference): void {
  if (preference === 'system') window.localStorage.removeItem(themeStorageKey);
  else window.localStorage.setItem(themeStorageKey, preference);
  notify();
}

/** Follows the system setting, this tab's choice and other tabs' choices; call once at start. */
export function watchTheme(): () => void {
  const media = window.matchMedia(darkQuery);
  function handleStorage(event: StorageEvent): void {
    if (event.key === themeStorageKey || event.key === null) notify();
  }
  applyTheme();
  media.addEventListener('change', notify);
  window.addEventListener('storage', handleStorage);
  return () => {
    media.removeEventListener('change', notify);
    window.removeEventListener('storage', handleStorage);
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function currentTheme(): Theme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

/** The theme in effect now (light or dark), re-rendering when it changes. */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, currentTheme);
}
