import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import type { AppEvents } from './domain-events';
import type { FileLinks } from './modules/files/queries/file-links';
import type { Actor } from './platform/actor';
import type { AnswerCache } from './platform/answer-cache';
import type { Drain } from './platform/drain';
import type { IdTokens, VerifiedIdToken } from './platform/id-tokens';
import type { Jobs } from './platform/jobs';
import type { Live } from './platform/live';
import type { Mailer } from './platform/mail';
import type { Metrics } from './platform/metrics';
import type { Push } from './platform/push';
import type { RateLimitStore } from './platform/rate-limit';
import type { Readiness } from './platform/readiness';
import type { ServerErrorReporter } from './platform/server-errors';
import type { BlobStore } from './platform/storage/blobs';
import type { ObjectStorage } from './platform/storage/storage';
import type { UsageEvents } from './platform/usage-events';

/** Services shared by every module, built once in app.ts and reached through `app.deps`. */
export interface AppDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  /** The domain-event bus: commands record what happened, subscribers do what follows. */
  events: AppEvents;
  /** Spec §7 usage events, written in batches. */
  usage: UsageEvents;
  rateLimits: RateLimitStore;
  idTokens: IdTokens;
  live: Live;
  push: Push;
  /** Where file bytes live: DATA_DIR/files or an S3 bucket (platform/storage). */
  storage: ObjectStorage;
  /** Report screenshots and replays, content-addressed in `storage`. */
  files: BlobStore;
  /** Signs and checks the links to uploaded files' bytes (modules/files). */
  fileLinks: FileLinks;
  /** Work for later, kept in the database (reminders). */
  jobs: Jobs;
  /** Serialized answers of the long lists, checked against versions kept in the database. */
  answers: AnswerCache;
  /** The server's own 500s: into the error reports, or to SENTRY_DSN. */
  serverErrors: ServerErrorReporter;
  /** What /api/ready probes: the database, Redis and the file store. */
  readiness: Readiness;
  /** The graceful shutdown: socket servers add the steps that close their sockets with 1012. */
  drain: Drain;
  /** Counters and gauges for GET /metrics. */
  metrics: Metrics;
  log: FastifyBaseLogger;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Started by main.ts on SIGTERM/SIGINT, before the app closes. */
    drain: Drain;
    /** onRequest hook for routes that need a signed-in caller: 401 before the body is even parsed. */
    authenticate: (req: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    actor: Actor | null;
    /** Set by the live channel's upgrade check. */
    liveClaims?: VerifiedIdToken;
  }
}

/** What a command needs: the database and the bus it records its events on. */
export type CommandDeps = Pick<AppDeps, 'db' | 'events'>;
