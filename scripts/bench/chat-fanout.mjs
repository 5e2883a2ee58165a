// 10. A chat message reaching the people watching: 50 members with the live channel open, one of them posting.
// A round lasts from sending the message until all 50 sockets have its message_created event.
import { callApi } from './api-client.mjs';
import { registerAccounts } from './bench-accounts.mjs';
import { summarize } from './latency-stats.mjs';
import { openLiveSockets } from './live-sockets.mjs';
import { waitForQuietCpu } from './process-cpu.mjs';
import { addMembers } from './project-setup.mjs';
import { formatMs } from './report.mjs';
import { startHealthyServer, stopServerNoting } from './server-process.mjs';

const socketCount = 50;
const rounds = 200;
const roundTimeoutMs = 10_000;
const targetP99Ms = 50;

export async function measureChatFanout(report, { label, workDir, databaseUrl }) {
  const env = databaseUrl ? { DATABASE_URL: databaseUrl, TRUST_PROXY: 'true' } : { TRUST_PROXY: 'true' };
  const server = await startHealthyServer(workDir, `chat-fanout-${label}`, env);
  let sockets;
  try {
    const accounts = await registerAccounts(server.url, { count: socketCount, label: `chat-${label}` });
    const [author] = accounts;
    const project = await callApi(server.url, 'POST', '/api/projects', {
      token: author.idToken,
      body: { name: 'Busy chat' },
      expect: 201,
    });
    await addMembers(
      server.url,
      author,
      accounts.slice(1).map((account) => ({ projectId: project.id, account })),
    );
    const card = await callApi(server.url, 'POST', `/api/projects/${project.id}/cards`, {
      token: author.idToken,
      body: { title: 'Stand-up' },
      expect: 201,
    });
    const [chat] = await callApi(server.url, 'GET', `/api/cards/${card.id}/chats`, { token: author.idToken });
    sockets = await openLiveSockets(
      accounts.map((account) => ({ baseUrl: server.url, token: account.idToken })),
      { eventType: 'message_created' },
    );
    await waitForQuietCpu([server.pid]);

    const sentToLast = [];
    for (let round = 1; round <= rounds; round += 1) {
      const delivered = sockets.waitForCount(round, roundTimeoutMs);
      const sentAt = performance.now();
      await callApi(server.url, 'POST', `/api/chats/${chat.id}/messages`, {
        token: author.idToken,
        body: { text: `Update number ${round}` },
        expect: 201,
      });
      const { lastAt, missing } = await delivered;
      if (missing > 0) throw new Error(`round ${round}: ${missing} of ${socketCount} sockets never got the message`);
      sentToLast.push(lastAt - sentAt);
    }
    const latency = summarize(sentToLast);
    report.add({
      name: `chat message to ${socketCount} live sockets (${label})`,
      figure: `p50 ${formatMs(latency.p50)}, p99 ${formatMs(latency.p99)}`,
      target: `p99 ≤ ${targetP99Ms} ms`,
      met: latency.p99 <= targetP99Ms,
    });
  } finally {
    await sockets?.close();
    await stopServerNoting(server, `chat-fanout-${label}`);
  }
}
