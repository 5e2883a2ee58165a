/**
 * Errors and promise rejections that nobody caught before the Sentry SDK started. The SDK loads after the first paint,
 * and its own global handlers see only what happens from then on; what happened before is held here and handed over
 * as it starts, marked unhandled like the SDK marks what its handlers catch.
 */

/** The mechanisms Sentry's global handlers give the errors they catch, so held errors read the same in reports. */
export const earlyErrorMechanisms = {
  error: 'auto.browser.global_handlers.onerror',
  rejection: 'auto.browser.global_handlers.onunhandledrejection',
} as const;

export interface EarlyError {
  /** The thrown value or rejection reason; the message alone when the browser gave no error (a cross-origin script). */
  error: unknown;
  mechanism: (typeof earlyErrorMechanisms)[keyof typeof earlyErrorMechanisms];
}

/** A page that fails in a loop before the SDK arrives would otherwise hold on to every failure. */
const maxHeld = 30;

type ErrorTarget = Pick<Window, 'addEventListener' | 'removeEventListener'>;

let stopHolding: (() => EarlyError[]) | null = null;

/** Starts holding uncaught errors and unhandled rejections; call once, first thing at start. */
export function holdEarlyErrors(target: ErrorTarget = window): void {
  if (stopHolding) return;
  const held: EarlyError[] = [];
  function hold(early: EarlyError): void {
    if (held.length < maxHeld) held.push(early);
  }
  function handleError(event: ErrorEvent): void {
    hold({ error: event.error ?? event.message, mechanism: earlyErrorMechanisms.error });
  }
  function handleRejection(event: PromiseRejectionEvent): void {
    hold({ error: event.reason, mechanism: earlyErrorMechanisms.rejection });
  }
  target.addEventListener('error', handleError);
  target.addEventListener('unhandledrejection', handleRejection);
  stopHolding = () => {
    target.removeEventListener('error', handleError);
    target.removeEventListener('unhandledrejection', handleRejection);
    stopHolding = null;
    return held;
  };
}

/** Stops holding (the SDK's handlers take over) and returns what was held, oldest first. */
export function takeEarlyErrors(): EarlyError[] {
  return stopHolding?.() ?? [];
}
