import { LiveEvent, LiveResync, liveCloseCodes, liveReconnectDelayMs } from '@deckhand/contract/live';

/** The part of the browser's WebSocket the live channel uses. */
export interface LiveSocketLike {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  close(code?: number, reason?: string): void;
}

/** `WebSocket` itself in the browser; unit tests inject a fake class here (the seam exists for them). */
export type LiveSocketClass = new (url: string) => LiveSocketLike;

export interface LiveLog {
  debug(...data: unknown[]): void;
  warn(...data: unknown[]): void;
}

export interface LiveSocketOptions {
  /** The address to connect to now (it carries the current token), or null to try again later. */
  url(): string | null;
  /** Called for every frame that is a known LiveEvent. */
  onEvent(event: LiveEvent): void;
  /**
   * Called after every (re)connect, and when the server says events may have been lost (`resync`): whatever
   * happened meanwhile must be fetched again.
   */
  onConnected(): void;
  WebSocketClass?: LiveSocketClass;
  reconnectDelayMs?: number;
  log?: LiveLog;
}

export interface LiveSocket {
  /** Closes the socket for good: no reconnect follows. */
  close(): void;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined; // not JSON: reported as an unknown message by the caller
  }
}

/**
 * Keeps one connection to the live channel (`/updates`) open: reconnects `reconnectDelayMs` after any close but
 * 4429 (spec §4: 3000 ms), with the URL asked afresh so an expired token (close 4401) is replaced. A `resync` frame
 * calls `onConnected` as a reconnect does; other frames that are not a known LiveEvent are ignored. Failures are
 * logged, never shown (spec §8).
 */
export function connectLiveSocket(options: LiveSocketOptions): LiveSocket {
  const {
    WebSocketClass = WebSocket,
    reconnectDelayMs = liveReconnectDelayMs,
    log = console,
    url,
    onEvent,
    onConnected,
  } = options;
  let current: LiveSocketLike | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  function scheduleReconnect(): void {
    if (stopped || timer !== null) return;
    timer = setTimeout(open, reconnectDelayMs);
  }

  function handleFrame(data: unknown): void {
    const message = typeof data === 'string' ? parseJson(data) : undefined;
    if (LiveResync.safeParse(message).success) {
      onConnected();
      return;
    }
    const parsed = LiveEvent.safeParse(message);
    if (!parsed.success) {
      log.debug('Live channel: ignoring an unknown message', data);
      return;
    }
    onEvent(parsed.data);
  }

  function open(): void {
    timer = null;
    if (stopped) return;
    const address = url();
    if (address === null) {
      scheduleReconnect();
      return;
    }
    let socket: LiveSocketLike;
    try {
      socket = new WebSocketClass(address);
    } catch (error) {
      log.warn('Live channel: could not connect; retrying', error);
      scheduleReconnect();
      return;
    }
    current = socket;
    socket.onopen = () => onConnected();
    socket.onmessage = (event) => handleFrame(event.data);
    // An error is always followed by a close, which is where reconnecting happens.
    socket.onclose = (event) => {
      if (socket !== current || stopped) return;
      current = null;
      // Reopening would close the person's next-oldest tab in turn, and so on around all of them.
      if (event.code === liveCloseCodes.tooManySockets) {
        log.warn('Live channel closed: too many open tabs; this one gets no live updates until reloaded');
        return;
      }
      log.warn(`Live channel closed (code ${event.code}); reconnecting in ${reconnectDelayMs} ms`);
      scheduleReconnect();
    };
  }

  open();
  return {
    close() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      const socket = current;
      current = null;
      socket?.close(1000, 'signed out');
    },
  };
}
