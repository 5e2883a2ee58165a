import { isIP } from 'node:net';
import path from 'node:path';
import { webhookLimits } from '@deckhand/contract/webhooks';
import { z } from 'zod';
import type { S3StorageOptions } from './platform/storage/s3';

/** A DSN names a public key (the URL's user) and a project id (the last path segment). */
function isSentryDsn(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.username !== '' && /\/[^/]+$/.test(url.pathname);
}

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'])
  .transform((v) => ['true', '1', 'on', 'yes'].includes(v));

/** An IPv4 or IPv6 address, with or without a `/prefix` (CIDR). */
function isAddressOrCidr(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: a number of proxy hops (`true` = 1, `false` = 0), or the proxies' addresses and CIDRs. Booleans stay
 * accepted in every spelling the other flags take, so a deployment written for the earlier true/false still boots.
 */
const TrustProxy = z.string().transform((value, ctx): number | string[] => {
  const word = value.trim().toLowerCase();
  if (['true', 'on', 'yes'].includes(word)) return 1;
  if (['false', 'off', 'no'].includes(word)) return 0;
  if (/^\d+$/.test(word) && Number.isSafeInteger(Number(word))) return Number(word);
  const addresses = word.split(',').map((item) => item.trim());
  if (addresses.every(isAddressOrCidr)) return addresses;
  ctx.addIssue({
    code: 'custom',
    message:
      'must be a number of proxy hops (true = 1, false = 0) or a comma-separated list of proxy addresses or CIDRs',
  });
  return z.NEVER;
});

/** Every environment variable Deckhand reads, with its default. README "Configuration" mirrors this list. */
const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** The address people reach; used in mail links and OAuth redirects. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Unset → embedded PGlite in DATA_DIR/db. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** Unset → in-process pub/sub and rate limits (one instance). */
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** Prefix of every Redis key and channel, so several Deckhand deployments can share one Redis. */
  REDIS_KEY_PREFIX: z.string().min(1).default('deckhand:'),
  /** Unset → mails are written to DATA_DIR/outbox as .eml files. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Deckhand <no-reply@localhost>'),
  OIDC_GOOGLE_ISSUER: z.url().optional(),
  OIDC_GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  OIDC_GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  AUTH_ENUMERATION_PROTECTION: booleanFlag.default(true),
  ADMIN_EMAILS: z.string().optional(),
  /** Web push keys; generated on first start and kept in the database when unset. */
  VAPID_PUBLIC_KEY: z.string().min(20).optional(),
  VAPID_PRIVATE_KEY: z.string().min(20).optional(),
  /** Contact for push services: a mailto: or https: URL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:)/, 'must start with mailto: or https:')
    .optional(),
  /** Hosts push endpoints may use although private or plain http (tests: 127.0.0.1). */
  PUSH_ENDPOINT_HOSTS: z.string().optional(),
  /** Hosts webhook URLs may use although private or plain http (tests: 127.0.0.1). */
  WEBHOOK_ALLOWED_HOSTS: z.string().optional(),
  /**
   * The waits before a failed delivery's retries, in seconds, comma-separated (six of them: seven attempts). Unset:
   * about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h. Tests shorten it.
   */
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .regex(/^\d+(\.\d+)?(,\d+(\.\d+)?){5}$/, 'must be six numbers of seconds, comma-separated')
    .optional(),
  /**
   * Where the browser SDK (and the server's own errors) report to: any Sentry or GlitchTip DSN.
   * Unset → this instance's own intake at PUBLIC_URL/ingest, shown to instance admins.
   */
  SENTRY_DSN: z
    .url({ protocol: /^https?$/ })
    .refine((v) => isSentryDsn(v), 'must look like https://<public key>@<host>/<project id>')
    .optional(),
  /** Whether the feedback dialog requires a name / an email (prefilled from the profile either way). */
  FEEDBACK_REQUIRE_NAME: booleanFlag.default(false),
  FEEDBACK_REQUIRE_EMAIL: booleanFlag.default(false),
  /** Errors, feedback, screenshots and replays older than this many days are deleted; 0 keeps them. */
  REPORTS_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(90),
  /** Usage events of spec §7 (insights); off → nothing is recorded. */
  ANALYTICS: booleanFlag.default(true),
  /**
   * Deckhand's own tests only, never set in use: a domain event type (`task.created`) after whose commit, when it
   * wrote an outbox row, the process kills itself before running anything (to prove such effects survive).
   */
  TEST_KILL_AFTER_OUTBOX_COMMIT: z.string().min(1).optional(),
  /** Uploads larger than this many bytes are refused (413). */
  FILE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(Number.MAX_SAFE_INTEGER)
    .default(100 * 1024 * 1024),
  /** Imports (a Deckhand export's zip, a Trello board's JSON) larger than this many bytes are refused (413). */
  IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(Number.MAX_SAFE_INTEGER)
    .default(1024 * 1024 * 1024),
  /** Set → files (and report screenshots) go to this S3-compatible bucket instead of DATA_DIR/files. */
  S3_BUCKET: z.string().min(1).optional(),
  /** An S3-compatible service's address (MinIO, R2…); unset for AWS. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Unset → the AWS SDK's usual sources (environment, instance role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path (`endpoint/bucket/key`) rather than the host name: what most S3-compatible services want. */
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  /**
   * Who may say where a request came from, for per-address limits behind a reverse proxy: the number of proxies in
   * front, or their addresses. The client's address is read that far from the right of X-Forwarded-For.
   */
  TRUST_PROXY: TrustProxy.default(0),
  /** On SIGTERM/SIGINT, requests under way get this long to finish before they are answered 503. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(25),
  /** Set → GET /metrics (Prometheus) answers with `Authorization: Bearer <METRICS_TOKEN>`; unset → it is off. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Unset → `pretty` (one readable line per event) when stdout is a terminal, `json` otherwise. */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
});

export interface OidcClientConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  oidcGoogle: OidcClientConfig | undefined;
  authEnumerationProtection: boolean;
  adminEmails: string[];
  vapid: { publicKey: string; privateKey: string } | undefined;
  vapidSubject: string;
  pushEndpointHosts: string[];
  webhookAllowedHosts: string[];
  webhookRetryDelaysSeconds: number[];
  sentryDsn: string | undefined;
  feedbackRequireName: boolean;
  feedbackRequireEmail: boolean;
  /** 0: kept forever. */
  reportsRetentionDays: number;
  fileMaxBytes: number;
  importMaxBytes: number;
  /** Null: files on the local disk (DATA_DIR/files). */
  s3: S3StorageOptions | null;
  analyticsEnabled: boolean;
  /** Tests only (TEST_KILL_AFTER_OUTBOX_COMMIT). */
  testKillAfterOutboxCommit: string | undefined;
  /** Proxy hops in front (0: the socket's address is the client's), or the proxies' addresses and CIDRs. */
  trustProxy: number | string[];
  shutdownGraceMs: number;
  /** Undefined: /metrics is off. */
  metricsToken: string | undefined;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  logFormat: 'json' | 'pretty';
  version: string;
}

export interface LoadConfigOptions {
  version?: string;
  /** Whether stdout is a terminal, which makes readable logs the default. */
  stdoutIsTty?: boolean;
}

function splitList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);
}

/** The address part of `Name <address>`, or the whole value. */
function parseAddress(mailFrom: string): string {
  return /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
}

/**
 * Reads and validates the environment once; boot fails listing every bad variable.
 * @throws Error naming each invalid variable
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  { version = '0.0.0', stdoutIsTty = false }: LoadConfigOptions = {},
): Config {
  const blankToUndefined = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === '' ? undefined : v]));
  const result = Env.safeParse(blankToUndefined);
  if (!result.success) throw new Error(`Invalid configuration:\n${z.prettifyError(result.error)}`);
  const e = result.data;
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new Error('Invalid configuration:\nVAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new Error('Invalid configuration:\nS3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  const oidcParts = [e.OIDC_GOOGLE_ISSUER, e.OIDC_GOOGLE_CLIENT_ID, e.OIDC_GOOGLE_CLIENT_SECRET];
  if (oidcParts.some(Boolean) && !oidcParts.every(Boolean)) {
    throw new Error(
      'Invalid configuration:\nOIDC_GOOGLE_ISSUER, OIDC_GOOGLE_CLIENT_ID and OIDC_GOOGLE_CLIENT_SECRET must be set together',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    oidcGoogle:
      e.OIDC_GOOGLE_ISSUER && e.OIDC_GOOGLE_CLIENT_ID && e.OIDC_GOOGLE_CLIENT_SECRET
        ? { issuer: e.OIDC_GOOGLE_ISSUER, clientId: e.OIDC_GOOGLE_CLIENT_ID, clientSecret: e.OIDC_GOOGLE_CLIENT_SECRET }
        : undefined,
    authEnumerationProtection: e.AUTH_ENUMERATION_PROTECTION,
    adminEmails: splitList(e.ADMIN_EMAILS),
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:${parseAddress(e.MAIL_FROM)}`,
    pushEndpointHosts: splitList(e.PUSH_ENDPOINT_HOSTS),
    webhookAllowedHosts: splitList(e.WEBHOOK_ALLOWED_HOSTS),
    webhookRetryDelaysSeconds: e.WEBHOOK_RETRY_SCHEDULE
      ? e.WEBHOOK_RETRY_SCHEDULE.split(',').map(Number)
      : [...webhookLimits.retryDelaysSeconds],
    sentryDsn: e.SENTRY_DSN,
    feedbackRequireName: e.FEEDBACK_REQUIRE_NAME,
    feedbackRequireEmail: e.FEEDBACK_REQUIRE_EMAIL,
    reportsRetentionDays: e.REPORTS_RETENTION_DAYS,
    fileMaxBytes: e.FILE_MAX_BYTES,
    importMaxBytes: e.IMPORT_MAX_BYTES,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : null,
    analyticsEnabled: e.ANALYTICS,
    testKillAfterOutboxCommit: e.TEST_KILL_AFTER_OUTBOX_COMMIT,
    trustProxy: e.TRUST_PROXY,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    metricsToken: e.METRICS_TOKEN,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (stdoutIsTty ? 'pretty' : 'json'),
    version,
  };
}
