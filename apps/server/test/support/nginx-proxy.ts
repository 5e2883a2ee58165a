import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { vi } from 'vitest';
import { freePort } from './test-app';

/** The site configuration docs/deploy.md tells operators to install, read as it is. */
export const deployedSiteConfig = path.resolve(import.meta.dirname, '../../../../docs/nginx/deckhand.conf');

const nginxPath = '/usr/sbin/nginx';

/** The answer header (added by the test's own http block) naming the instance, or instances, nginx tried. */
export const upstreamHeader = 'x-upstream';

export interface NginxProxy {
  url: string;
  /** What nginx printed (its error log): why a request was retried or refused. */
  lines: string[];
  stop(): Promise<void>;
}

/**
 * The documented site with only its addresses changed: the instances' ports for the two example upstream servers,
 * and a free port for `listen 80`. Fails when the documented file no longer has those lines, so the test cannot
 * silently stop testing what the docs say.
 */
async function siteFor(listenPort: number, instancePorts: [number, number]): Promise<string> {
  const documented = await fs.readFile(deployedSiteConfig, 'utf8');
  const replacements: [RegExp, string][] = [
    [/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${listenPort};`],
    [/^(\s*server )127\.0\.0\.1:3000( .*;)$/m, `$1127.0.0.1:${instancePorts[0]}$2`],
    [/^(\s*server )127\.0\.0\.1:3001( .*;)$/m, `$1127.0.0.1:${instancePorts[1]}$2`],
  ];
  let site = documented;
  for (const [pattern, replacement] of replacements) {
    if (!pattern.test(site)) throw new Error(`${deployedSiteConfig} has no line matching ${pattern}; update the test`);
    site = site.replace(pattern, replacement);
  }
  return site;
}

/**
 * nginx in the foreground with everything it writes (pid, temporary bodies) in a temporary folder, serving the
 * documented site in front of `instancePorts`. One worker, so that round-robin strictly alternates.
 */
export async function startNginxProxy(instancePorts: [number, number], port?: number): Promise<NginxProxy> {
  const listenPort = port ?? (await freePort());
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-nginx-'));
  await fs.writeFile(path.join(dir, 'deckhand.conf'), await siteFor(listenPort, instancePorts));
  const temp = (name: string) => path.join(dir, name);
  const main = [
    // nginx's workers drop root for `nobody`, who cannot write in this folder.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'worker_processes 1;',
    `pid ${temp('nginx.pid')};`,
    'error_log stderr notice;',
    'events { worker_connections 1024; }',
    'http {',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${temp(kind)};`),
    `  add_header ${upstreamHeader} $upstream_addr always;`,
    `  include ${temp('deckhand.conf')};`,
    '}',
  ];
  await fs.writeFile(temp('nginx.conf'), `${main.join('\n')}\n`);

  const args = ['-p', dir, '-e', 'stderr', '-c', temp('nginx.conf'), '-g', 'daemon off;'];
  const child: ChildProcess = spawn(nginxPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) readline.createInterface({ input: stream }).on('line', (line) => lines.push(line));
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  async function stop(): Promise<void> {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    await fs.rm(dir, { recursive: true, force: true });
  }
  const url = `http://127.0.0.1:${listenPort}`;
  try {
    await vi.waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${lines.join('\n')}`);
        const res = await fetch(`${url}/api/health`);
        if (res.status !== 200) throw new Error(`GET /api/health through nginx answered ${res.status}`);
      },
      { timeout: 10_000, interval: 100 },
    );
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, lines, stop };
}
