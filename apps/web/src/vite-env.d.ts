/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the Deckhand server when it is not the one serving the app; empty means same origin. */
  readonly VITE_BACKEND_URL?: string;
}
