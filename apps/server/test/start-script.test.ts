import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';

// `npm start` (scripts/start.mjs) runs against a stand-in checkout: the real start scripts, with workspaces
// whose builds only append to a log and write their outputs. A real build takes seconds, and what is under
// test is when the script builds, not what the build makes.
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

function fakeBuild(workspace: 'web' | 'server'): string {
  const output =
    workspace === 'web'
      ? "fs.mkdirSync('dist',{recursive:true});fs.writeFileSync('dist/index.html','<html>')"
      : "fs.rmSync('dist',{recursive:true,force:true});fs.mkdirSync('dist');" +
        "fs.writeFileSync('dist/main.js','console.log(\"server started\")')";
  // Slow enough that two starts launched together overlap in their builds.
  const slow = 'Atomics.wait(new Int32Array(new SharedArrayBuffer(4)),0,0,400);';
  return `node -e "const fs=require('fs');fs.appendFileSync('../../builds.log','${workspace}\\n');${slow}${output.replaceAll('"', '\\"')}"`;
}

async function writeJson(file: string, value: unknown): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, JSON.stringify(value));
}

async function createCheckout(): Promise<string> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-start-'));
  dirs.push(root);
  await fs.cp(path.join(repoRoot, 'scripts'), path.join(root, 'scripts'), { recursive: true });
  await writeJson(path.join(root, 'package.json'), { name: 'checkout', private: true, workspaces: ['apps/*'] });
  await writeJson(path.join(root, 'apps/web/package.json'), {
    name: '@deckhand/web',
    scripts: { build: fakeBuild('web') },
  });
  await writeJson(path.join(root, 'apps/server/package.json'), {
    name: '@deckhand/server',
    scripts: { build: fakeBuild('server') },
  });
  await fs.mkdir(path.join(root, 'apps/web/src'), { recursive: true });
  await fs.writeFile(path.join(root, 'apps/web/src/main.tsx'), 'export const version = 1;\n');
  await fs.writeFile(path.join(root, 'apps/web/src/main.test.tsx'), 'test body\n');
  return root;
}

function start(root: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

async function builds(root: string): Promise<string[]> {
  const log = await fs.readFile(path.join(root, 'builds.log'), 'utf8').catch(() => '');
  return log.split('\n').filter(Boolean);
}

describe('npm start (scripts/start.mjs)', () => {
  let root: string;
  beforeEach(async () => {
    root = await createCheckout();
  });

  it('builds the first time, then starts without building while the sources are unchanged', async () => {
    const first = await start(root);
    expect(first.code).toBe(0);
    expect(first.output).toContain('server started');
    expect(await builds(root)).toEqual(['web', 'server']);

    const second = await start(root);
    expect(second.output).toContain('server started');
    expect(await builds(root)).toEqual(['web', 'server']);
  }, 30_000);

  it('builds again when a source changes or an output is missing, but not for a changed test file', async () => {
    await start(root);
    await fs.writeFile(path.join(root, 'apps/web/src/main.test.tsx'), 'another test body\n');
    await start(root);
    expect(await builds(root)).toHaveLength(2);

    await fs.writeFile(path.join(root, 'apps/web/src/main.tsx'), 'export const version = 2;\n');
    await start(root);
    expect(await builds(root)).toHaveLength(4);

    await fs.rm(path.join(root, 'apps/web/dist/index.html'));
    await start(root);
    expect(await builds(root)).toHaveLength(6);
  }, 30_000);

  it('builds once when three processes start at once from one checkout', async () => {
    const results = await Promise.all([start(root), start(root), start(root)]);
    for (const result of results) expect(result.output).toContain('server started');
    expect(await builds(root)).toEqual(['web', 'server']);
  }, 30_000);

  it('takes over the build lock of a process that died while building', async () => {
    await fs.mkdir(path.join(root, '.build-lock'));
    // A pid far above Linux's default pid_max (4,194,304 at most): no such process exists.
    await fs.writeFile(path.join(root, '.build-lock/pid'), '99999999');
    const result = await start(root);
    expect(result.output).toContain('server started');
    expect(await builds(root)).toEqual(['web', 'server']);
  }, 30_000);

  it('does not start when the build fails', async () => {
    await writeJson(path.join(root, 'apps/server/package.json'), {
      name: '@deckhand/server',
      scripts: { build: 'node -e "process.exit(3)"' },
    });
    const result = await start(root);
    expect(result.code).toBe(1);
    expect(result.output).not.toContain('server started');
    expect(result.output).toContain('the build of @deckhand/server failed');
  }, 30_000);
});
