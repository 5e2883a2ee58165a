import { describe, expect, it } from 'vitest';
import { type SendableSocket, sendBounded } from './live';

/** A stand-in for a ws socket: filling a real socket's buffer depends on the kernel's buffer sizes. */
function fakeSocket(bufferedAmount: number, readyState = 1) {
  const sent: string[] = [];
  let terminated = false;
  const socket: SendableSocket = {
    readyState,
    OPEN: 1,
    bufferedAmount,
    send: (data) => sent.push(data),
    terminate: () => {
      terminated = true;
    },
  };
  return { socket, sent, isTerminated: () => terminated };
}

describe('sendBounded', () => {
  it('sends while the unsent data stays within the limit', () => {
    const { socket, sent, isTerminated } = fakeSocket(1024);
    expect(sendBounded(socket, 'x', 1024)).toBe('sent');
    expect(sent).toEqual(['x']);
    expect(isTerminated()).toBe(false);
  });

  it('disconnects a slow consumer instead of buffering more', () => {
    const { socket, sent, isTerminated } = fakeSocket(1025);
    expect(sendBounded(socket, 'x', 1024)).toBe('dropped');
    expect(sent).toEqual([]);
    expect(isTerminated()).toBe(true);
  });

  it('skips sockets that are not open', () => {
    const { socket, sent } = fakeSocket(0, 2);
    expect(sendBounded(socket, 'x', 1024)).toBe('skipped');
    expect(sent).toEqual([]);
  });
});
