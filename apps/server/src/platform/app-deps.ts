import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { FileLinks } from '../modules/files/service/file-links';
import type { AnswerCache } from './answer-cache';
import type { UsageEvents } from './events';
import type { IdTokens, VerifiedIdToken } from './id-tokens';
import type { Jobs } from './jobs';
import type { Live } from './live';
import type { Mailer } from './mail';
import type { Push } from './push';
import type { RateLimitStore } from './rate-limit';
import type { ServerErrorReporter } from './server-errors';
import type { BlobStore } from './storage/blobs';
import type { ObjectStorage } from './storage/storage';

/** Services shared by every module, built once in app.ts and reached through `app.deps`. */
export interface AppDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  events: UsageEvents;
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
  log: FastifyBaseLogger;
}

/** The signed-in person making a request. */
export interface Actor {
  userId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** onRequest hook for routes that need a signed-in caller: 401 before the body is even parsed. */
    authenticate: (req: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    actor: Actor | null;
    /** Set by the live channel's upgrade check. */
    liveClaims?: VerifiedIdToken;
  }
}
