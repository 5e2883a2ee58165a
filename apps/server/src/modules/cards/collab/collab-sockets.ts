import type { IncomingMessage as HttpRequest } from 'node:http';
import { IncomingMessage as HocuspocusMessage, MessageType } from '@hocuspocus/server';
import type { WebSocket } from 'ws';
import * as Y from 'yjs';

/** The provider sends its token as soon as the socket opens; a slow token refresh and a slow database fit well within. */
export const collabAuthTimeoutMs = 10_000;

/**
 * What a socket may send for documents it has not authenticated, in all: Hocuspocus holds it in memory until then.
 * A provider sends its token, its first sync step and its awareness, together about 1 KB but for the state vector
 * (5 to 10 bytes per editing session the card has had), which is replaced past this bound (see askForAll).
 */
export const collabUnauthenticatedMaxBytes = 16 * 1024;

/**
 * Open /collab sockets per client address on one instance. A browser opens one per open card, so this lets several
 * people behind one NAT address keep a handful of cards open each, while what one address can make the server hold
 * before authentication stays under 1 MB (this many times collabUnauthenticatedMaxBytes).
 */
export const collabSocketsPerAddress = 50;

/** Why a socket is closed before it is of use. The provider reconnects after each, with its back-off. */
export const collabSocketCloses = {
  /** Hocuspocus's own code for "authentication required and not provided". */
  notAuthenticated: { code: 4401, reason: 'Not authenticated in time' },
  /** WebSocket's "message too big": here, too much before authentication. */
  tooMuchBeforeAuthentication: { code: 1009, reason: 'Too much data before authentication' },
  /** As HTTP's 429. */
  tooManySockets: { code: 4429, reason: 'Too many connections from this address' },
} as const;

export interface CollabSocketOptions {
  /** Tests shorten it. */
  authTimeoutMs?: number;
}

interface SocketState {
  socket: WebSocket;
  authTimeoutMs: number;
  socketId: string | undefined;
  authenticated: Set<string>;
  /** Bytes held by Hocuspocus for each document not yet authenticated (unreadable messages under ''). */
  pendingBytes: Map<string, number>;
  pendingTotal: number;
  authTimer: NodeJS.Timeout | undefined;
}

/** y-protocols' sync message kind for a state vector (sync step 1). */
const syncStep1 = 0;
/** A state vector that names no client, length-prefixed: it asks for the whole document. */
const emptyStateVector = (() => {
  const vector = Y.encodeStateVector(new Y.Doc());
  return Uint8Array.of(vector.byteLength, ...vector);
})();

interface MessageHeader {
  documentName: string;
  /** Where a first sync step's state vector starts. */
  stateVectorOffset: number | undefined;
}

function readHeader(bytes: Uint8Array): MessageHeader | undefined {
  try {
    const message = new HocuspocusMessage(bytes);
    const documentName = message.readVarString();
    const type = message.readVarUint();
    const isSyncStep1 = type === MessageType.Sync && message.readVarUint() === syncStep1;
    return { documentName, stateVectorOffset: isSyncStep1 ? message.decoder.pos : undefined };
  } catch {
    return undefined; // Hocuspocus closes the socket on a message it cannot read
  }
}

/**
 * The same first sync step with an empty state vector: the server then sends the whole body instead of what the
 * client lacks, which syncs as well, so a long-edited card's client still gets in within the bound.
 */
function askForAll(bytes: Uint8Array, stateVectorOffset: number): Uint8Array {
  return Buffer.concat([bytes.subarray(0, stateVectorOffset), emptyStateVector]);
}

function bytesOf(data: unknown): Uint8Array | undefined {
  if (data instanceof Uint8Array) return data;
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (Array.isArray(data) && data.every((part) => part instanceof Uint8Array)) return Buffer.concat(data);
  return undefined;
}

function armAuthTimer(state: SocketState): void {
  const { code, reason } = collabSocketCloses.notAuthenticated;
  state.authTimer = setTimeout(() => state.socket.close(code, reason), state.authTimeoutMs);
}

/** What reaches Hocuspocus of one incoming message: the message, a smaller stand-in, or nothing. */
function admit(state: SocketState, data: unknown): unknown {
  const bytes = bytesOf(data);
  if (!bytes) return undefined; // not a form ws delivers
  const header = readHeader(bytes);
  if (header && state.authenticated.has(header.documentName)) return data;
  if (state.socket.readyState !== state.socket.OPEN) return undefined;
  let admitted = bytes;
  const overBound = state.pendingTotal + bytes.byteLength > collabUnauthenticatedMaxBytes;
  if (overBound && header?.stateVectorOffset !== undefined) admitted = askForAll(bytes, header.stateVectorOffset);
  const key = header?.documentName ?? '';
  state.pendingBytes.set(key, (state.pendingBytes.get(key) ?? 0) + admitted.byteLength);
  state.pendingTotal += admitted.byteLength;
  if (state.pendingTotal <= collabUnauthenticatedMaxBytes) return admitted;
  const { code, reason } = collabSocketCloses.tooMuchBeforeAuthentication;
  state.socket.close(code, reason);
  return undefined;
}

/**
 * Every message passes admit() before Hocuspocus's listener sees it, including those Hocuspocus re-emits from its
 * queue once a document is authenticated (which then go through unchanged).
 */
function gateMessages(state: SocketState): void {
  const { socket } = state;
  const emit = socket.emit.bind(socket);
  socket.emit = (event: string | symbol, ...args: unknown[]): boolean => {
    if (event !== 'message') return emit(event, ...args);
    const admitted = admit(state, args[0]);
    return admitted !== undefined && emit(event, admitted, ...args.slice(1));
  };
}

export interface CollabSockets {
  /**
   * Refuses a socket past the per-address cap; otherwise arms its authentication timeout and calls `attach` (which
   * hands it to Hocuspocus) with its incoming messages bounded until it authenticates.
   */
  accept(socket: WebSocket, address: string, request: HttpRequest, attach: () => void): void;
  /** From onAuthenticate: this socket's messages for the document now go through as they come. */
  authenticated(request: HttpRequest, socketId: string, documentName: string): void;
  /** From onDisconnect: the document is no longer open on the socket, so what it sends for it is bounded again. */
  disconnected(socketId: string, documentName: string): void;
  /** Closes every socket, authenticated or not (a drain: 1012, so providers reconnect to another instance). */
  closeAll(code: number, reason: string): void;
}

/**
 * Guards `/collab` against sockets that never authenticate. Hocuspocus queues, without bound, every message that
 * arrives for a document before it is authenticated (frames up to 4 MiB), so these sockets are closed after a
 * while, what they send is bounded, and each address may hold only so many of them.
 */
export function createCollabSockets(options: CollabSocketOptions = {}): CollabSockets {
  const openByAddress = new Map<string, number>();
  const byRequest = new WeakMap<HttpRequest, SocketState>();
  const bySocketId = new Map<string, SocketState>();
  const openSockets = new Set<WebSocket>();

  return {
    accept(socket, address, request, attach) {
      const open = openByAddress.get(address) ?? 0;
      if (open >= collabSocketsPerAddress) {
        const { code, reason } = collabSocketCloses.tooManySockets;
        socket.close(code, reason);
        return;
      }
      openByAddress.set(address, open + 1);
      const state: SocketState = {
        socket,
        authTimeoutMs: options.authTimeoutMs ?? collabAuthTimeoutMs,
        socketId: undefined,
        authenticated: new Set(),
        pendingBytes: new Map(),
        pendingTotal: 0,
        authTimer: undefined,
      };
      byRequest.set(request, state);
      openSockets.add(socket);
      armAuthTimer(state);
      socket.once('close', () => {
        openSockets.delete(socket);
        clearTimeout(state.authTimer);
        if (state.socketId !== undefined) bySocketId.delete(state.socketId);
        const left = (openByAddress.get(address) ?? 1) - 1;
        if (left > 0) openByAddress.set(address, left);
        else openByAddress.delete(address);
      });
      gateMessages(state);
      attach();
    },
    authenticated(request, socketId, documentName) {
      const state = byRequest.get(request);
      if (!state) return;
      state.socketId = socketId;
      bySocketId.set(socketId, state);
      state.authenticated.add(documentName);
      state.pendingTotal -= state.pendingBytes.get(documentName) ?? 0;
      state.pendingBytes.delete(documentName);
      clearTimeout(state.authTimer);
      state.authTimer = undefined;
    },
    disconnected(socketId, documentName) {
      const state = bySocketId.get(socketId);
      if (!state?.authenticated.delete(documentName)) return;
      // A socket left with no document open is as good as unauthenticated: it gets the same time to open another.
      if (state.authenticated.size === 0 && state.socket.readyState === state.socket.OPEN) armAuthTimer(state);
    },
    closeAll(code, reason) {
      for (const socket of openSockets) socket.close(code, reason);
    },
  };
}
