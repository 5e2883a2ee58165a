/**
 * Forgets the API answers cached for whoever was signed in, when their session ends. The query cache registers itself
 * here as it is created: its code comes with the first page that reads the API, and until then nothing is cached.
 */
let forget: (() => void) | null = null;

export function onForgetCachedAnswers(handler: () => void): void {
  forget = handler;
}

export function forgetCachedAnswers(): void {
  forget?.();
}
