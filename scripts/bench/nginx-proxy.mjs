// nginx in front of two bench instances, serving the site docs/deploy.md tells operators to install
// (docs/nginx/deckhand.conf) with only its ports changed, as the CI test does (apps/server/test/support/
// nginx-proxy.ts). Only the main configuration around it is the bench's own: a prefix in the work dir, and room
// for thousands of proxied websockets, each of which holds two connections in nginx (client and instance).
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { readLogTail, repoRoot, startServer, stopServer } from './server-process.mjs';

const nginxPath = '/usr/sbin/nginx';
const documentedSite = path.join(repoRoot, 'docs/nginx/deckhand.conf');

/** The answer header, added by the bench's own http block, naming the instance (or instances) nginx tried. */
export const upstreamHeader = 'x-upstream';

/**
 * The documented site with the two example upstream ports and `listen 80` replaced. Fails when the file no longer
 * has those lines, so the bench cannot silently stop measuring what the docs say.
 */
function siteFor(listenPort, instancePorts) {
  const replacements = [
    [/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${listenPort};`],
    [/^(\s*server )127\.0\.0\.1:3000( .*;)$/m, `$1127.0.0.1:${instancePorts[0]}$2`],
    [/^(\s*server )127\.0\.0\.1:3001( .*;)$/m, `$1127.0.0.1:${instancePorts[1]}$2`],
  ];
  let site = fs.readFileSync(documentedSite, 'utf8');
  for (const [pattern, replacement] of replacements) {
    if (!pattern.test(site)) throw new Error(`${documentedSite} has no line matching ${pattern}; update the bench`);
    site = site.replace(pattern, replacement);
  }
  return site;
}

/**
 * One worker, so that round-robin strictly alternates between the instances (the bench relies on it to send an
 * upload to a chosen instance) and nginx takes one core at most. `connections` is how many nginx must hold at once.
 */
function mainConfig(dir, connections) {
  const inDir = (name) => path.join(dir, name);
  return [
    // The worker would drop root for `nobody`, who cannot write in this folder.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'worker_processes 1;',
    // Its own limit, not the shell's: a websocket through nginx costs it two descriptors.
    `worker_rlimit_nofile ${connections + 1024};`,
    `pid ${inDir('nginx.pid')};`,
    'error_log stderr notice;',
    `events { worker_connections ${connections}; }`,
    'http {',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${inDir(kind)};`),
    `  add_header ${upstreamHeader} $upstream_addr always;`,
    `  include ${inDir('deckhand.conf')};`,
    '}',
    '',
  ].join('\n');
}

/**
 * Starts nginx in the foreground with everything it writes (pid, temporary bodies, its log) under workDir/`name`,
 * on `listenPort` in front of `instancePorts`, and waits until GET /api/health answers through it. It is tracked
 * like the servers, so an interrupted bench kills it. Resolves to { url, workerPid, logPath, stop() }.
 */
export async function startNginxProxy(workDir, { name, listenPort, instancePorts, connections }) {
  if (!fs.existsSync(nginxPath)) throw new Error(`${nginxPath} is missing (Debian: apt-get install -y nginx-light)`);
  const dir = path.join(workDir, name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'deckhand.conf'), siteFor(listenPort, instancePorts));
  fs.writeFileSync(path.join(dir, 'nginx.conf'), mainConfig(dir, connections));
  const logPath = path.join(workDir, `${name}.log`);
  const command = [nginxPath, '-p', dir, '-e', 'stderr', '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'];
  const proxy = startServer({ dataDir: dir, port: listenPort, logPath, command });
  const url = `http://127.0.0.1:${listenPort}`;
  let exited = false;
  proxy.exited.then(() => {
    exited = true;
  });
  const stop = async () => {
    if (!exited) await stopServer(proxy);
  };
  const deadline = performance.now() + 10_000;
  for (;;) {
    if (exited) throw new Error(`nginx exited:\n${readLogTail(logPath)}`);
    const status = await fetch(`${url}/api/health`).then(
      (res) => res.status,
      () => undefined,
    );
    if (status === 200) break;
    if (performance.now() > deadline) {
      await stop();
      throw new Error(`GET /api/health through nginx answered ${status}:\n${readLogTail(logPath)}`);
    }
    await delay(50);
  }
  // The one worker does the proxying; the master only watches it.
  const [workerPid] = fs.readFileSync(`/proc/${proxy.pid}/task/${proxy.pid}/children`, 'utf8').trim().split(' ');
  return { url, workerPid: Number(workerPid), logPath, stop };
}
