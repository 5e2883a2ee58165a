// `npm test`: every test, in order. Server integration tests run on PGlite with in-process
// pub/sub, then again on PostgreSQL and Redis when TEST_DATABASE_URL and TEST_REDIS_URL are set;
// then the app is built and Playwright drives it in Chromium. Exits non-zero if any stage failed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const stages = [{ name: 'server on PGlite', cwd: 'apps/server', cmd: ['npx', 'vitest', 'run'], env: {} }];
if (fs.existsSync('apps/web/vitest.config.ts')) {
  stages.push({ name: 'web unit tests', cwd: 'apps/web', cmd: ['npx', 'vitest', 'run'], env: {} });
}
if (process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL) {
  stages.push({
    name: 'server on PostgreSQL + Redis',
    cwd: 'apps/server',
    cmd: ['npx', 'vitest', 'run'],
    env: { DECKHAND_TEST_DB: 'postgres' },
  });
} else {
  console.log('TEST_DATABASE_URL and TEST_REDIS_URL are not both set: skipping the PostgreSQL + Redis pass.');
}
stages.push({ name: 'build', cwd: '.', cmd: ['npm', 'run', 'build'], env: {} });
stages.push({
  name: 'browser tests (Playwright, Chromium)',
  cwd: 'apps/web',
  cmd: ['npx', 'playwright', 'test'],
  env: {},
});

const failed = [];
for (const stage of stages) {
  if (stage.name.startsWith('browser') && failed.includes('build')) {
    failed.push(stage.name);
    continue;
  }
  console.log(`\n▶ ${stage.name}`);
  const started = Date.now();
  const [command, ...args] = stage.cmd;
  const result = spawnSync(command, args, { cwd: stage.cwd, stdio: 'inherit', env: { ...process.env, ...stage.env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status === 0) console.log(`✔ ${stage.name} (${seconds} s)`);
  else {
    console.log(`✘ ${stage.name} (${seconds} s)`);
    failed.push(stage.name);
  }
}
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('\nAll tests passed.');
