import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// `npm start` runs the server with memory settings and Node flags (README, Memory); whoever runs the built server
// themselves copies them from the README or the systemd unit in docs/deploy.md, so those must not fall behind.
const repoRoot = path.resolve(import.meta.dirname, '../../..');

async function startCommand(): Promise<{ env: string[]; flags: string[] }> {
  const pkg = JSON.parse(await fs.readFile(path.join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const words = pkg.scripts.start.split(/\s+/);
  const node = words.indexOf('node');
  return { env: words.slice(0, node), flags: words.slice(node + 1, -1) };
}

describe('the Node flags and settings of npm start', () => {
  it('are the ones the README gives for running the built server', async () => {
    const { env, flags } = await startCommand();
    expect(env.length).toBeGreaterThan(0);
    const readme = (await fs.readFile(path.join(repoRoot, 'README.md'), 'utf8')).replace(/\s+/g, ' ');
    const command = [...env, 'node', ...flags, 'apps/server/dist/main.js'].join(' ');
    expect(readme.includes(`\`${command}\``), `the README gives \`${command}\``).toBe(true);
  });

  it('are the ones of the systemd unit in docs/deploy.md', async () => {
    const { env, flags } = await startCommand();
    const deploy = await fs.readFile(path.join(repoRoot, 'docs/deploy.md'), 'utf8');
    for (const setting of env) expect(deploy).toContain(`Environment=${setting}\n`);
    expect(deploy).toContain(`ExecStart=/usr/bin/node ${flags.join(' ')} /opt/deckhand/apps/server/dist/main.js`);
  });
});
