import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirInUseError } from './db/pglite-lock';
import { createLogDestination } from './platform/log-destination';
import { createPrettyLogStream } from './platform/pretty-logs';

const here = path.dirname(fileURLToPath(import.meta.url));
// The same relative layout holds for src/main.ts (tsx) and dist/main.js (built): see build.mjs.
const migrationsDir = path.join(here, 'db', 'migrations');
const webDistDir = path.resolve(here, '../../web/dist');

function readVersion(): string {
  const pkg: unknown = JSON.parse(fs.readFileSync(path.resolve(here, '../package.json'), 'utf8'));
  return typeof pkg === 'object' && pkg !== null && 'version' in pkg && typeof pkg.version === 'string'
    ? pkg.version
    : '0.0.0';
}

/**
 * The embedded database's thread stopped while the server ran: every query would fail from now on, so the process
 * ends and a supervisor (systemd, Docker's restart policy) starts it again, rather than answering errors for good.
 */
function exitOnLostDatabase(err: Error): void {
  console.error(`The embedded database stopped (${err.message}); exiting so that Deckhand can be started again.`);
  process.exit(1);
}

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig(process.env, { version: readVersion(), stdoutIsTty: process.stdout.isTTY === true });
  const logStream =
    config.logFormat === 'pretty' ? await createPrettyLogStream(process.stdout.isTTY === true) : createLogDestination();
  // The database opens before the app and its logger: until the logger exists, a warning is printed.
  let log: FastifyBaseLogger | undefined;
  const onWarning = (message: string, err: unknown) =>
    log ? log.warn({ component: 'database', err }, message) : console.warn(message, err);
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, migrationsDir, onWarning }
      : {
          kind: 'pglite',
          dataDir: path.join(config.dataDir, 'db'),
          migrationsDir,
          onLost: exitOnLostDatabase,
          onWarning,
        },
  );
  const migrationsApplied = await database.migrate();
  const app = await buildApp(config, { database, webDistDir, logStream });
  log = app.log;
  app.log.info({ migrationsApplied }, migrationsApplied > 0 ? 'database migrated' : 'database schema is current');

  let closing = false;
  async function shutdown(signal: NodeJS.Signals): Promise<void> {
    if (closing) {
      // A second signal: whoever sent it does not want to wait for the drain.
      app.log.warn({ signal }, 'second signal: exiting at once');
      process.exit(128 + os.constants.signals[signal]);
    }
    closing = true;
    app.log.info(
      { signal, graceSeconds: config.shutdownGraceMs / 1000 },
      'shutting down: finishing requests under way, closing sockets with 1012',
    );
    await app.drain.start(config.shutdownGraceMs);
    // Jobs under way finish or are handed back, bodies and usage are written, then the database closes.
    await app.close();
    await database.close();
    app.log.info('shut down');
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { url: config.publicUrl, database: database.kind, startupMs: Math.round(performance.now() - startedAt) },
    'Deckhand is ready',
  );
}

main().catch((err: unknown) => {
  // A configuration error already lists every bad variable; its stack would only hide that.
  const isConfigError = err instanceof Error && err.message.startsWith('Invalid configuration');
  console.error(isConfigError || err instanceof DataDirInUseError ? err.message : err);
  process.exit(1);
});
