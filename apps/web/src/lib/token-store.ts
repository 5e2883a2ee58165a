/** The spec's storage key for the ID token (spec §4, §6). */
export const tokenStorageKey = 'token';

export function readStoredToken(): string | null {
  try {
    return window.localStorage.getItem(tokenStorageKey);
  } catch {
    // Storage can be disabled (privacy settings); the app then behaves as signed out.
    return null;
  }
}

export function storeToken(token: string): void {
  window.localStorage.setItem(tokenStorageKey, token);
}

export function clearStoredToken(): void {
  window.localStorage.removeItem(tokenStorageKey);
}

/** Calls `onChange` when another tab writes or removes the token; returns the unsubscribe function. */
export function subscribeToStoredToken(onChange: (token: string | null) => void): () => void {
  function handleStorage(event: StorageEvent): void {
    // `key === null` means another tab called localStorage.clear().
    if (event.key !== tokenStorageKey && event.key !== null) return;
    onChange(event.key === null ? null : event.newValue);
  }
  window.addEventListener('storage', handleStorage);
  return () => window.removeEventListener('storage', handleStorage);
}
