import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { loginWithPassword, logout, registerAccount, sendGreeting } from '../features/auth/api';
import { openOidcPopup } from '../features/auth/oidc-popup';
import { getProfile } from '../features/profile/api';
import { setUnauthorizedHandler } from '../lib/api';
import type { AuthContextValue, RegisterDetails, User, UserProfile } from '../lib/auth-context';
import { forgetCachedAnswers } from '../lib/cached-answers';
import { isTokenFresh } from '../lib/jwt';
import { forgetHandedOffToken } from '../lib/refresh-handoff';
import { refreshSession } from '../lib/session-refresh';
import { clearStoredToken, readStoredToken, storeToken, subscribeToStoredToken } from '../lib/token-store';
import { trackPageOpen } from '../lib/tracker';
import { buildUser, type SessionUser } from './session-user';
import { useScheduledRefresh } from './use-scheduled-refresh';

type Status = 'loading' | 'authenticated' | 'unauthenticated';

interface SessionState {
  status: Status;
  token: string | null;
  user: User | null;
}

/** The session behind AuthContext: boot, sign-in and -out, scheduled refresh, and tabs kept in step. */
export function useAuthSession(): AuthContextValue {
  const [state, setState] = useState<SessionState>({ status: 'loading', token: null, user: null });
  // Read by async work that must see sign-outs which happened while it waited.
  const tokenRef = useRef<string | null>(null);

  const endLocally = useCallback((clearStorage: boolean) => {
    // Cached answers belong to the person who was signed in; nothing to drop when nobody was.
    if (tokenRef.current !== null) forgetCachedAnswers();
    tokenRef.current = null;
    if (clearStorage) {
      clearStoredToken();
      void forgetHandedOffToken();
    }
    setState({ status: 'unauthenticated', token: null, user: null });
  }, []);

  const begin = useCallback(async (token: string, seed: SessionUser | null) => {
    storeToken(token);
    tokenRef.current = token;
    const profile = await getProfile().catch((error: unknown) => {
      console.warn('The profile could not be loaded', error);
      return null;
    });
    const current = tokenRef.current;
    if (current === null) return; // signed out while the profile loaded
    setState({ status: 'authenticated', token: current, user: buildUser(profile, seed) });
  }, []);

  const adopt = useCallback((token: string, seed: SessionUser | null) => {
    tokenRef.current = token;
    setState((prev) => {
      const user =
        prev.user && seed ? { ...prev.user, email: seed.email, emailVerified: seed.emailVerified } : prev.user;
      return { ...prev, token, user };
    });
  }, []);

  const applyRefresh = useCallback(
    async (force: boolean, replacing: string | null = tokenRef.current): Promise<boolean> => {
      const outcome = await refreshSession(replacing, force);
      if (outcome.kind === 'signed-out') {
        endLocally(true);
        return false;
      }
      if (outcome.kind === 'session') adopt(outcome.session.idToken, outcome.session.user);
      else adopt(outcome.token, null);
      return true;
    },
    [adopt, endLocally],
  );

  useEffect(
    () =>
      setUnauthorizedHandler(() =>
        applyRefresh(false).catch((error: unknown) => {
          console.warn('Refreshing after a 401 failed', error);
          return false;
        }),
      ),
    [applyRefresh],
  );

  useEffect(() => {
    async function boot(): Promise<void> {
      const stored = readStoredToken();
      if (stored && isTokenFresh(stored)) return begin(stored, null);
      const outcome = await refreshSession(stored);
      if (outcome.kind === 'session') return begin(outcome.session.idToken, outcome.session.user);
      if (outcome.kind === 'token') return begin(outcome.token, null);
      endLocally(stored !== null);
    }
    boot().catch((error: unknown) => {
      // Server unreachable: show the signed-out app, but leave storage alone so other tabs are not signed out.
      console.warn('The session could not be restored', error);
      endLocally(false);
    });
  }, [begin, endLocally]);

  useEffect(() => {
    if (state.status !== 'loading') trackPageOpen();
  }, [state.status]);

  const scheduledRefresh = useCallback((expiring: string) => applyRefresh(false, expiring), [applyRefresh]);
  useScheduledRefresh(state.token, scheduledRefresh);

  useEffect(
    () =>
      subscribeToStoredToken((token) => {
        if (token === tokenRef.current) return;
        if (token === null) {
          if (tokenRef.current !== null) endLocally(false); // another tab signed out
          return;
        }
        if (!isTokenFresh(token)) return;
        if (tokenRef.current === null) void begin(token, null);
        else adopt(token, null);
      }),
    [adopt, begin, endLocally],
  );

  const signIn = useCallback(
    async (email: string, password: string) => {
      const session = await loginWithPassword({ email, password });
      await begin(session.idToken, session.user);
    },
    [begin],
  );

  const register = useCallback(
    async (details: RegisterDetails) => {
      const session = await registerAccount(details);
      await begin(session.idToken, session.user);
      sendGreeting({ email: session.user.email, name: session.user.name });
    },
    [begin],
  );

  const signInWithGoogle = useCallback(async () => {
    const result = await openOidcPopup();
    await begin(result.idToken, result.user);
    if (result.newUser) sendGreeting({ email: result.user.email, name: result.user.name });
  }, [begin]);

  const signOut = useCallback(async () => {
    // First, while the token is valid: this browser must stop receiving the pushes of whoever signs out here.
    if (tokenRef.current !== null) {
      await import('../features/notifications/push')
        .then(({ forgetPushSubscription }) => forgetPushSubscription())
        .catch((error: unknown) => console.warn('Push: this browser could not be unregistered', error));
    }
    await logout().catch((error: unknown) => console.warn('Server-side sign-out failed', error));
    endLocally(true);
  }, [endLocally]);

  const reloadSession = useCallback(
    () =>
      applyRefresh(true).catch((error: unknown) => {
        console.warn('The session could not be reloaded', error);
        return false;
      }),
    [applyRefresh],
  );

  const applyProfile = useCallback((profile: UserProfile) => {
    setState((prev) => (prev.user ? { ...prev, user: { ...prev.user, ...profile } } : prev));
  }, []);

  return useMemo(
    () => ({
      isAuthenticated: state.status === 'authenticated',
      user: state.user,
      loading: state.status === 'loading',
      token: state.token,
      signIn,
      register,
      signInWithGoogle,
      signOut,
      reloadSession,
      applyProfile,
    }),
    [state, signIn, register, signInWithGoogle, signOut, reloadSession, applyProfile],
  );
}
