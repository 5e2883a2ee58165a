import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectLiveSocket, type LiveSocketLike } from './live-socket';

/** Node 20 has no CloseEvent; this has its shape. */
class TestCloseEvent extends Event {
  readonly code: number;
  readonly reason = '';
  readonly wasClean = true;

  constructor(code: number) {
    super('close');
    this.code = code;
  }
}

/**
 * A stand-in for the browser's WebSocket, injected through `WebSocketClass`: that option exists as the unit-test
 * seam, so these tests drive open, message and close by hand instead of mocking our own code.
 */
class FakeWebSocket implements LiveSocketLike {
  static instances: FakeWebSocket[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  closedWith: number | null = null;
  readonly url: string;

  constructor(url: string) {
    this.url = url;
    FakeWebSocket.instances.push(this);
  }

  close(code = 1000): void {
    this.closedWith = code;
  }

  serverOpens(): void {
    this.onopen?.(new Event('open'));
  }

  serverSends(data: unknown): void {
    this.onmessage?.(new MessageEvent('message', { data }));
  }

  serverCloses(code: number): void {
    this.onclose?.(new TestCloseEvent(code));
  }
}

const projectId = '0190a0b0-0000-7000-8000-000000000001';
const userId = '0190a0b0-0000-7000-8000-000000000002';

function latestSocket(): FakeWebSocket {
  const socket = FakeWebSocket.instances.at(-1);
  if (!socket) throw new Error('no socket was opened');
  return socket;
}

function setup(token = { value: 't1' as string | null }) {
  const onEvent = vi.fn();
  const onConnected = vi.fn();
  const log = { debug: vi.fn(), warn: vi.fn() };
  const live = connectLiveSocket({
    url: () => (token.value ? `ws://test/updates?token=${token.value}` : null),
    onEvent,
    onConnected,
    WebSocketClass: FakeWebSocket,
    log,
  });
  return { live, onEvent, onConnected, log, token };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.instances = [];
});

afterEach(() => {
  vi.useRealTimers();
});

describe('connectLiveSocket', () => {
  it('connects with the current token and reports every open', () => {
    const { onConnected } = setup();
    expect(latestSocket().url).toBe('ws://test/updates?token=t1');
    latestSocket().serverOpens();
    expect(onConnected).toHaveBeenCalledTimes(1);
  });

  it('passes known events on and ignores everything else', () => {
    const { onEvent, log } = setup();
    const socket = latestSocket();
    socket.serverOpens();
    socket.serverSends(JSON.stringify({ type: 'member_removed', project_id: projectId, user_id: userId }));
    socket.serverSends(JSON.stringify({ type: 'card_teleported', card_id: 'c1' }));
    socket.serverSends(JSON.stringify({ type: 'project_updated', project_id: 'not-a-uuid' }));
    socket.serverSends('not json');
    socket.serverSends(new Blob(['binary']));
    expect(onEvent).toHaveBeenCalledTimes(1);
    expect(onEvent).toHaveBeenCalledWith({ type: 'member_removed', project_id: projectId, user_id: userId });
    expect(log.debug).toHaveBeenCalledTimes(4);
  });

  it('reconnects 3000 ms after a close, with the token of that moment, and reports the reconnect', () => {
    const { onConnected, log, token } = setup();
    latestSocket().serverOpens();
    token.value = 't2';
    latestSocket().serverCloses(4401);
    expect(log.warn).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(2999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(latestSocket().url).toBe('ws://test/updates?token=t2');
    latestSocket().serverOpens();
    expect(onConnected).toHaveBeenCalledTimes(2);
  });

  it('refetches as after a reconnect when the server says events were lost', () => {
    const { onConnected, onEvent } = setup();
    const socket = latestSocket();
    socket.serverOpens();
    socket.serverSends(JSON.stringify({ type: 'resync' }));
    expect(onConnected).toHaveBeenCalledTimes(2);
    expect(onEvent).not.toHaveBeenCalled();
  });

  it('does not reopen a socket the server closed for too many open tabs', () => {
    const { log } = setup();
    latestSocket().serverOpens();
    latestSocket().serverCloses(4429);
    vi.advanceTimersByTime(30_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(log.warn).toHaveBeenCalledWith(expect.stringMatching(/too many open tabs/));
  });

  it('keeps trying every 3000 ms while connections fail', () => {
    setup();
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect(FakeWebSocket.instances).toHaveLength(attempt);
      latestSocket().serverCloses(1006);
      vi.advanceTimersByTime(3000);
    }
    expect(FakeWebSocket.instances).toHaveLength(4);
  });

  it('waits while there is no token', () => {
    const { token } = setup({ value: null });
    expect(FakeWebSocket.instances).toHaveLength(0);
    vi.advanceTimersByTime(3000);
    expect(FakeWebSocket.instances).toHaveLength(0);
    token.value = 't3';
    vi.advanceTimersByTime(3000);
    expect(latestSocket().url).toBe('ws://test/updates?token=t3');
  });

  it('stops for good when closed (sign-out), including a pending reconnect', () => {
    const { live, log } = setup();
    const first = latestSocket();
    first.serverOpens();
    live.close();
    expect(first.closedWith).toBe(1000);
    first.serverCloses(1000);
    vi.advanceTimersByTime(10_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(log.warn).not.toHaveBeenCalled();

    const again = setup();
    latestSocket().serverCloses(1006);
    again.live.close();
    vi.advanceTimersByTime(10_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });
});
