/** Fallback route (spec §9). */
export const fallbackPath = '/dashboard';

/** Narrower than 768 px counts as mobile (spec §9). */
export const mobileMaxWidthPx = 767;

export function isMobileViewport(): boolean {
  return window.innerWidth <= mobileMaxWidthPx;
}

/** Only same-site paths may be remembered, so a crafted `?next=` cannot send anyone elsewhere. */
export function safeNextPath(next: string | null): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (next === '/login' || next.startsWith('/login?') || next.startsWith('/logout')) return null;
  return next;
}

/** Where to go after sign-in or registration (spec §2). */
export function postSignInPath(next: string | null): string {
  if (isMobileViewport()) return fallbackPath;
  return safeNextPath(next) ?? fallbackPath;
}

export type LoginMode = 'sign-in' | 'register' | 'reset';

/** A /login address for `mode` that keeps the remembered page. */
export function loginPath(mode: LoginMode, next: string | null): string {
  const params = new URLSearchParams();
  if (mode !== 'sign-in') params.set('mode', mode);
  const safeNext = safeNextPath(next);
  if (safeNext) params.set('next', safeNext);
  const query = params.toString();
  return query ? `/login?${query}` : '/login';
}
