import { describe, expect, it } from 'vitest';
import { readEnvelope, type SendableSocket, sendBounded } from './live';

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

describe('readEnvelope', () => {
  const projectId = '0196a1c2-0000-7000-8000-000000000001';
  const event = { type: 'project_updated', project_id: projectId };
  const here = (userId: string) => userId === 'ada' || userId === 'ben';

  it('sends the event to the recipients with a socket here, and only to them', () => {
    const message = JSON.stringify({ user_ids: ['ada', 'cyd', 'ben'], event });
    expect(readEnvelope(message, here)).toEqual({
      kind: 'send',
      userIds: ['ada', 'ben'],
      payload: JSON.stringify(event),
    });
  });

  it('leaves the event of an envelope for no one here unchecked', () => {
    const message = JSON.stringify({ user_ids: ['cyd'], event: { type: 'no_such_event' } });
    expect(readEnvelope(message, here)).toEqual({ kind: 'none-here' });
  });

  it('calls malformed what is not JSON, has no recipients, or carries an unknown event for someone here', () => {
    expect(readEnvelope('{"user_ids":', here).kind).toBe('malformed');
    expect(readEnvelope(JSON.stringify({ event }), here).kind).toBe('malformed');
    const unknown = JSON.stringify({ user_ids: ['ada'], event: { type: 'project_updated', project_id: 'x' } });
    expect(readEnvelope(unknown, here).kind).toBe('malformed');
  });
});
