import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import * as Y from 'yjs';
import {
  type CollabClient,
  type CollabClientOptions,
  connectCollab,
  textOf,
} from '../../../test/support/collab-client';
import { createTeam, type Team } from '../../../test/support/projects';
import { createTestApp, randomIp, type TestApp } from '../../../test/support/test-app';
import { collabSocketCloses, collabSocketsPerAddress, collabUnauthenticatedMaxBytes } from './collab/collab-sockets';

let t: TestApp;
let team: Team;
const clients: CollabClient[] = [];
const sockets: WebSocket[] = [];
beforeAll(async () => {
  t = await createTestApp();
  team = await createTeam(t, 'Guarded project');
});
afterAll(async () => {
  for (const client of clients) client.close();
  for (const socket of sockets) socket.terminate();
  await t.close();
});

async function newCard(app = t, projectTeam = team): Promise<string> {
  const res = await app.request<{ id: string }>('POST', `/api/projects/${projectTeam.projectId}/cards`, {
    token: projectTeam.member.token,
    body: { title: 'Guarded body' },
  });
  return res.body.id;
}

async function open(cardId: string, token: string, options: CollabClientOptions = {}, app = t): Promise<CollabClient> {
  const client = await connectCollab(app.url, cardId, token, options);
  clients.push(client);
  return client;
}

interface RawSocket {
  socket: WebSocket;
  opened: Promise<void>;
  closed: Promise<{ code: number; reason: string }>;
}

/** A bare socket on /collab that says only what the test makes it say. */
function rawSocket(address: string, app = t): RawSocket {
  const socket = new WebSocket(`${app.url.replace(/^http/, 'ws')}/collab`, { headers: { 'x-forwarded-for': address } });
  sockets.push(socket);
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  return { socket, opened, closed };
}

function varUint(value: number): number[] {
  const bytes: number[] = [];
  let rest = value;
  while (rest > 0x7f) {
    bytes.push((rest & 0x7f) | 0x80);
    rest = Math.floor(rest / 128);
  }
  bytes.push(rest);
  return bytes;
}

/** A Hocuspocus sync message for `documentName` whose payload is `size` bytes of nothing in particular. */
function syncFrame(documentName: string, size: number): Buffer {
  const name = Buffer.from(documentName, 'utf8');
  return Buffer.concat([Buffer.from([...varUint(name.length)]), name, Buffer.from([0]), Buffer.alloc(size, 7)]);
}

v8.setFlagsFromString('--expose-gc');
const gc: unknown = vm.runInNewContext('gc');

/** Heap and buffers (where ws keeps frames) still reachable after a full collection. */
function retainedBytes(): number {
  if (typeof gc === 'function') {
    gc();
    gc();
  }
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

describe('the authentication timeout', () => {
  /** Short enough for a test to wait out, long enough for a provider on a loaded machine to authenticate. */
  const authTimeoutMs = 1000;
  let quick: TestApp;
  let quickTeam: Team;
  beforeAll(async () => {
    quick = await createTestApp({}, { collab: { authTimeoutMs } });
    quickTeam = await createTeam(quick, 'Impatient project');
  });
  afterAll(async () => {
    for (const client of clients.splice(0)) client.close();
    await quick.close();
  });

  it('closes a socket that has not authenticated by then', async () => {
    const { opened, closed } = rawSocket(randomIp(), quick);
    await opened;
    const openedAt = Date.now();
    expect(await closed).toEqual(collabSocketCloses.notAuthenticated);
    expect(Date.now() - openedAt).toBeGreaterThanOrEqual(authTimeoutMs - 50);
  });

  it('leaves a socket that authenticated in time open', async () => {
    const cardId = await newCard(quick, quickTeam);
    const client = await open(cardId, quickTeam.member.token, {}, quick);
    const reader = await open(cardId, quickTeam.owner.token, {}, quick);
    await new Promise((resolve) => setTimeout(resolve, 2 * authTimeoutMs));
    client.type('Still here.');
    await expect.poll(() => textOf(reader)).toBe('Still here.');
  });
});

describe('what a socket sends before it authenticates', () => {
  it('closes the socket past the bound, and none of it is kept', async () => {
    const frameBytes = 1024 * 1024;
    const framesPerSocket = 4;
    const before = retainedBytes();
    const attackers = Array.from({ length: 8 }, () => rawSocket(randomIp()));
    await Promise.all(attackers.map((attacker) => attacker.opened));
    for (const { socket } of attackers) {
      for (let i = 0; i < framesPerSocket; i += 1) socket.send(syncFrame(`card:${crypto.randomUUID()}`, frameBytes));
    }
    for (const attacker of attackers) {
      expect(await attacker.closed).toEqual(collabSocketCloses.tooMuchBeforeAuthentication);
    }
    const volume = attackers.length * framesPerSocket * frameBytes;
    expect(retainedBytes() - before).toBeLessThan(volume / 8);
  });

  it('lets a provider through: its token, first sync step and presence fit the bound', async () => {
    const cardId = await newCard();
    const client = await open(cardId, team.member.token);
    client.type('Through the guard.');
    const other = await open(cardId, team.owner.token);
    await expect.poll(() => textOf(other)).toBe('Through the guard.');
  });

  // Yjs takes its time over thousands of clients in one document: seconds on a busy machine.
  it('still syncs a client whose state vector alone is past the bound', { timeout: 60_000 }, async () => {
    const cardId = await newCard();
    const doc = new Y.Doc();
    const paragraph = new Y.XmlElement('paragraph');
    const text = new Y.XmlText();
    doc.getXmlFragment('default').insert(0, [paragraph]);
    paragraph.insert(0, [text]);
    // One editing session per character: each is a client in the state vector (6 bytes each with these ids).
    const sessions = Math.ceil((1.25 * collabUnauthenticatedMaxBytes) / 6);
    for (let i = 0; i < sessions; i += 1) {
      doc.clientID = 2_000_000_000 + i;
      text.insert(text.length, 'a');
    }
    expect(Y.encodeStateVector(doc).byteLength).toBeGreaterThan(collabUnauthenticatedMaxBytes);
    const offline = await open(cardId, team.member.token, { doc });
    const reader = await open(cardId, team.owner.token);
    await expect.poll(() => textOf(reader), { timeout: 10_000 }).toBe('a'.repeat(sessions));
    expect(textOf(offline)).toBe('a'.repeat(sessions));
  });
});

describe('sockets per address', () => {
  it(`are capped at ${collabSocketsPerAddress}, and a closed one frees its place`, async () => {
    const address = randomIp();
    const held = Array.from({ length: collabSocketsPerAddress }, () => rawSocket(address));
    await Promise.all(held.map((socket) => socket.opened));
    const refused = rawSocket(address);
    expect(await refused.closed).toEqual(collabSocketCloses.tooManySockets);

    const cardId = await newCard();
    await expect(open(cardId, team.member.token, { address: randomIp() })).resolves.toBeDefined();
    held[0]?.socket.close();
    await held[0]?.closed;
    const client = await open(cardId, team.member.token, { address });
    client.type('Room again.');
    const reader = await open(cardId, team.owner.token);
    await expect.poll(() => textOf(reader)).toBe('Room again.');
  });
});
