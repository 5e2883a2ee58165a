import type { Profile } from '@deckhand/contract/profile';
import { createContext, useContext } from 'react';
import type { Camelize } from './case';

export type UserProfile = Camelize<Profile>;

/** The signed-in person: their profile record, which says whether their email address is verified. */
export type User = UserProfile;

export interface RegisterDetails {
  email: string;
  password: string;
  name: string;
}

/** Spec §3 "Auth context": isAuthenticated, user, loading, token; plus the actions that change them. */
export interface AuthContextValue {
  isAuthenticated: boolean;
  user: User | null;
  loading: boolean;
  token: string | null;
  /** @throws ApiRequestError with auth/invalid-email, auth/invalid-credential, auth/user-not-found, … */
  signIn(email: string, password: string): Promise<void>;
  /** @throws ApiRequestError with auth/invalid-email, auth/email-already-in-use, auth/weak-password, … */
  register(details: RegisterDetails): Promise<void>;
  /** Opens the federated sign-in popup; must be called from a click. Rejects when it fails or is closed. */
  signInWithGoogle(): Promise<void>;
  /** Ends the session on the server (failure ignored) and locally. */
  signOut(): Promise<void>;
  /** Asks the server for a new token and user now; resolves false when signed out. */
  reloadSession(): Promise<boolean>;
  /** Replaces the profile part of `user` after it was saved. */
  applyProfile(profile: UserProfile): void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}
