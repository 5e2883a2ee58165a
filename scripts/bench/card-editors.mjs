// 9. Twenty people typing into one card at once: Node Hocuspocus clients (the browser's provider, with `ws`),
// each typing 10 keystrokes a second into its own paragraph of a body that already holds 100,000 characters,
// for 60 s, each keystroke also moving that editor's caret for the others. A keystroke's round trip lasts until
// every other editor has it; it is read off each receiver's Yjs state vector (a sender's clock counts its
// keystrokes), so nothing is added to the document to measure it. The body is written first and the server
// restarted, so the memory figure starts from people opening a stored card, not from the garbage of writing it.

import { setTimeout as delay } from 'node:timers/promises';
import { HocuspocusProvider } from '@hocuspocus/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { callApi } from './api-client.mjs';
import { registerAccounts } from './bench-accounts.mjs';
import { summarize } from './latency-stats.mjs';
import { readCpuMs } from './process-cpu.mjs';
import { readRssKib, waitForStableRss } from './process-memory.mjs';
import { addMembers } from './project-setup.mjs';
import { formatMib, formatMs } from './report.mjs';
import { startHealthyServer, stopServerNoting } from './server-process.mjs';

const editorCount = 20;
const keystrokesPerSecond = 10;
const bodyChars = 100_000;
const paragraphChars = 100;
const targets = { roundTripP99Ms: 50, cpuShare: 0.4, rssGrowthMib: 50 };

/** Connects one editor to the card and resolves once its document is synced. */
function connectEditor(baseUrl, cardId, token) {
  const doc = new Y.Doc();
  return new Promise((resolve, reject) => {
    const provider = new HocuspocusProvider({
      url: `${baseUrl.replace(/^http/, 'ws')}/collab`,
      WebSocketPolyfill: WebSocket,
      name: `card:${cardId}`,
      token,
      document: doc,
      onSynced: () => resolve({ doc, provider }),
      onAuthenticationFailed: ({ reason }) => reject(new Error(`collab refused: ${reason}`)),
    });
  });
}

/** Writes `bodyChars` characters of paragraphs through one editor and waits until the server has them all. */
async function seedBody(editor) {
  const fragment = editor.doc.getXmlFragment('default');
  editor.doc.transact(() => {
    const paragraphs = [];
    for (let written = 0; written < bodyChars; written += paragraphChars) {
      const paragraph = new Y.XmlElement('paragraph');
      paragraph.insert(0, [new Y.XmlText('lorem ipsum dolor sit amet '.repeat(4).slice(0, paragraphChars))]);
      paragraphs.push(paragraph);
    }
    fragment.insert(0, paragraphs);
  });
  while (editor.provider.hasUnsyncedChanges) await delay(50);
}

/**
 * Per keystroke: when it was typed and by whom, and how many of the other editors have it. A receiver's
 * state vector says how far it has each sender's changes; one typed character is one step of its clock.
 */
function createTracker(editors) {
  const pending = editors.map(() => []); // per sender: [{ clock, sentAt, missing }] in clock order
  const seen = editors.map(() => editors.map(() => 0)); // seen[receiver][sender]: highest clock known
  const roundTrips = [];
  const clientIds = editors.map((editor) => editor.doc.clientID);
  editors.forEach((receiver, r) => {
    receiver.doc.on('update', () => {
      const vector = Y.decodeStateVector(Y.encodeStateVector(receiver.doc));
      const now = performance.now();
      clientIds.forEach((clientId, s) => {
        if (s === r) return;
        const clock = vector.get(clientId) ?? 0;
        if (clock <= seen[r][s]) return;
        for (const keystroke of pending[s]) {
          if (keystroke.clock > clock) break;
          if (keystroke.clock <= seen[r][s]) continue;
          keystroke.missing -= 1;
          if (keystroke.missing === 0) roundTrips.push(now - keystroke.sentAt);
        }
        seen[r][s] = clock;
        while (pending[s].length > 0 && pending[s][0].missing === 0) pending[s].shift();
      });
    });
  });
  return {
    typed(sender, clock) {
      pending[sender].push({ clock, sentAt: performance.now(), missing: editors.length - 1 });
    },
    roundTrips,
    unfinished: () => pending.reduce((sum, list) => sum + list.length, 0),
  };
}

/** Types into paragraph `index` of the body, one character per tick, until `stopAt`. */
async function typeUntil(editor, index, sender, tracker, stopAt) {
  const paragraph = editor.doc.getXmlFragment('default').get(index);
  const text = paragraph.get(0);
  const intervalMs = 1000 / keystrokesPerSecond;
  // Spread the editors over the first tick, as people do not type in step.
  await delay((intervalMs * sender) / editorCount);
  let next = performance.now();
  let typed = 0;
  while (performance.now() < stopAt) {
    text.insert(text.length, 'abcdefghij'[typed % 10]);
    typed += 1;
    // As in the browser, where each keystroke also moves the caret that the others see (awareness).
    const caret = Y.relativePositionToJSON(Y.createRelativePositionFromTypeIndex(text, text.length));
    editor.provider.setAwarenessField('cursor', { anchor: caret, head: caret });
    tracker.typed(sender, Y.decodeStateVector(Y.encodeStateVector(editor.doc)).get(editor.doc.clientID));
    next += intervalMs;
    await delay(Math.max(0, next - performance.now()));
  }
  return typed;
}

async function signInAgain(baseUrl, accounts) {
  for (const [i, account] of accounts.entries()) {
    const session = await callApi(baseUrl, 'POST', '/api/auth/login', {
      body: { email: account.email, password: `Bench-harbour-${i}-x9` },
    });
    account.idToken = session.id_token;
  }
}

/** A project of `editorCount` members and a card whose body holds `bodyChars` characters, stored. */
async function prepareCard(server) {
  const accounts = await registerAccounts(server.url, { count: editorCount, label: 'editors' });
  const [owner] = accounts;
  const project = await callApi(server.url, 'POST', '/api/projects', {
    token: owner.idToken,
    body: { name: 'Co-editing' },
    expect: 201,
  });
  await addMembers(
    server.url,
    owner,
    accounts.slice(1).map((account) => ({ projectId: project.id, account })),
  );
  const card = await callApi(server.url, 'POST', `/api/projects/${project.id}/cards`, {
    token: owner.idToken,
    body: { title: 'Typed by twenty' },
    expect: 201,
  });
  const writer = await connectEditor(server.url, card.id, owner.idToken);
  await seedBody(writer);
  writer.provider.destroy();
  return { accounts, cardId: card.id };
}

export async function measureCardEditors(report, { workDir, durationSeconds = 60 }) {
  const env = { TRUST_PROXY: 'true' };
  let server = await startHealthyServer(workDir, 'card-editors', env);
  let prepared;
  try {
    prepared = await prepareCard(server);
  } finally {
    // Stopping stores the body (it is written on shutdown too).
    await stopServerNoting(server, 'card-editors');
  }
  server = await startHealthyServer(workDir, 'card-editors', env);
  const editors = [];
  try {
    const { accounts, cardId } = prepared;
    // A new port is a new PUBLIC_URL, the tokens' issuer: sign in again.
    await signInAgain(server.url, accounts);
    for (const account of accounts) editors.push(await connectEditor(server.url, cardId, account.idToken));
    const bodyLength = editors[0].doc.getXmlFragment('default').length;
    if (bodyLength * paragraphChars < bodyChars) throw new Error(`the stored body has ${bodyLength} paragraphs`);
    console.log(`  ${editorCount} editors on a stored body of ${bodyChars.toLocaleString('en')} characters`);

    const rssBefore = (await waitForStableRss(server.pid)).rssKib;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, readRssKib(server.pid));
    }, 1000);
    const tracker = createTracker(editors);
    const cpuBefore = readCpuMs(server.pid);
    const startedAt = performance.now();
    const stopAt = startedAt + durationSeconds * 1000;
    const typed = await Promise.all(
      editors.map((editor, sender) => typeUntil(editor, sender * 40, sender, tracker, stopAt)),
    );
    const elapsedMs = performance.now() - startedAt;
    // The last keystrokes still travelling.
    const drainUntil = performance.now() + 5000;
    while (tracker.unfinished() > 0 && performance.now() < drainUntil) await delay(20);
    const cpuShare = (readCpuMs(server.pid) - cpuBefore) / elapsedMs;
    clearInterval(sampler);
    const rssAfter = readRssKib(server.pid);
    rssPeak = Math.max(rssPeak, rssAfter);
    const keystrokes = typed.reduce((sum, count) => sum + count, 0);
    if (tracker.unfinished() > 0) throw new Error(`${tracker.unfinished()} keystrokes never reached every editor`);
    const trip = summarize(tracker.roundTrips);
    console.log(
      `  ${keystrokes.toLocaleString('en')} keystrokes in ${formatMs(elapsedMs)}; every one reached all ${editorCount - 1} others`,
    );
    console.log(
      `  server RSS: ${formatMib(rssBefore)} before typing, ${formatMib(rssPeak)} at most, ${formatMib(rssAfter)} after`,
    );
    report.add({
      name: `${editorCount} editors typing, keystroke to every other editor`,
      figure: `p50 ${formatMs(trip.p50)}, p99 ${formatMs(trip.p99)}`,
      target: `p99 ≤ ${targets.roundTripP99Ms} ms`,
      met: trip.p99 <= targets.roundTripP99Ms,
    });
    report.add({
      name: `${editorCount} editors typing, server CPU`,
      figure: `${(cpuShare * 100).toFixed(0)} % of a core`,
      target: `≤ ${targets.cpuShare * 100} %`,
      met: cpuShare <= targets.cpuShare,
    });
    // The peak, not the end: growth that a collection took back before the end still had to fit.
    const growthKib = rssPeak - rssBefore;
    report.add({
      name: `${editorCount} editors typing, server RSS growth (peak)`,
      figure: formatMib(growthKib),
      target: `≤ ${targets.rssGrowthMib} MiB`,
      met: growthKib / 1024 <= targets.rssGrowthMib,
    });
  } finally {
    for (const editor of editors) editor.provider.destroy();
    await stopServerNoting(server, 'card-editors');
  }
}
