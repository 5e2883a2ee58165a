import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { type FastifyPluginAsyncZod, jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { AppDeps } from './app-deps';
import type { Config } from './config';
import type { Database } from './db/client';
import type { AppEvents, DomainEventMap } from './domain-events';
import { activityRoutes } from './modules/activity/routes';
import { adminRoutes } from './modules/admin/routes';
import { oidcRoutes } from './modules/auth/oidc/routes';
import { authRoutes } from './modules/auth/routes';
import { registerCollab } from './modules/cards/collab/collab-server';
import type { CollabSocketOptions } from './modules/cards/collab/collab-sockets';
import { cardRoutes } from './modules/cards/routes/card-routes';
import { chatRoutes } from './modules/chats/routes/chat-routes';
import { loadFileLinks } from './modules/files/queries/file-links';
import { downloadRoutes } from './modules/files/routes/download-routes';
import { fileRoutes } from './modules/files/routes/file-routes';
import { startFileSweep } from './modules/files/sweep';
import { insightRoutes } from './modules/insights/routes';
import { messageRoutes } from './modules/messages/routes/message-routes';
import { notificationRoutes, pushRoutes } from './modules/notifications/routes';
import { profileRoutes } from './modules/profile/routes';
import { invitationRoutes } from './modules/projects/routes/invitation-routes';
import { memberRoutes } from './modules/projects/routes/member-routes';
import { projectRoutes } from './modules/projects/routes/project-routes';
import { ingestRoutes } from './modules/reports/ingest-routes';
import { startReportRetention } from './modules/reports/retention';
import { reportRoutes } from './modules/reports/routes';
import { createLocalErrorReporter } from './modules/reports/server-errors';
import { searchRoutes } from './modules/search/routes';
import { startSearchWorkers } from './modules/search/workers';
import { registerMetricsRoute } from './modules/system/metrics-route';
import { registerOperationalGauges } from './modules/system/operational-gauges';
import { systemRoutes } from './modules/system/routes';
import { startReminderWorker } from './modules/tasks/reminders';
import { statusRoutes } from './modules/tasks/routes/status-routes';
import { taskRoutes } from './modules/tasks/routes/task-routes';
import { registerTokenProjectLimit } from './modules/tokens/project-limit';
import { verifyApiToken } from './modules/tokens/queries/tokens';
import { tokenRoutes } from './modules/tokens/routes';
import { isApiToken } from './modules/tokens/service/secret';
import { exportDownloadRoutes, exportRoutes } from './modules/transfer/routes/export-routes';
import { importRoutes } from './modules/transfer/routes/import-routes';
import { startTransferWorkers } from './modules/transfer/workers';
import { registerWebhooks } from './modules/webhooks/register';
import { createAnswerCache } from './platform/answer-cache';
import { registerAuthGuard } from './platform/auth-guard';
import { registerCompression } from './platform/compression';
import { createDomainEvents } from './platform/domain-events';
import { registerDrain } from './platform/drain';
import { registerErrorHandlers } from './platform/errors';
import { createIdTokens } from './platform/id-tokens';
import { createJobs } from './platform/jobs';
import { registerJsonBodyParser } from './platform/json-body';
import { type LiveOptions, registerLive } from './platform/live';
import { loggerOptions, RequestEndLogController } from './platform/logger';
import { createMailer } from './platform/mail';
import { createMetrics, registerRequestMetrics } from './platform/metrics';
import { registerNulUrlGuard } from './platform/nul-text';
import { createMemoryPubSub, createRedisPubSub } from './platform/pubsub';
import { createPush } from './platform/push';
import { createMemoryRateLimitStore, createRedisRateLimitStore } from './platform/rate-limit';
import { createReadiness } from './platform/readiness';
import { responseSerializerCompiler } from './platform/response-serializer';
import { registerSecurityHeaders } from './platform/security-headers';
import { createSentryReporter } from './platform/server-errors';
import { createBlobStore } from './platform/storage/blobs';
import { createStorage } from './platform/storage/create-storage';
import { strictBodyValidatorCompiler } from './platform/strict-bodies';
import { proxyTrust } from './platform/trust-proxy';
import { createUsageEvents } from './platform/usage-events';
import { registerWebApp } from './platform/web-app';
import { registerSubscribers } from './subscribers';

export interface BuildAppOptions {
  live?: LiveOptions;
  /** Tests shorten the time a /collab socket gets to authenticate. */
  collab?: CollabSocketOptions;
  database: Database;
  /** Built web app to serve; unset in API-only tests. */
  webDistDir?: string | undefined;
  /** Where logs go (tests capture them to check nothing secret is written). */
  logStream?: DestinationStream;
}

/** Room for the long lists' cached answers: a few hundred people's project lists of a typical size. */
const answerCacheBytes = 32 * 1024 * 1024;

/** Shared services; closed (after the live sockets) when the app closes. */
async function createDeps(app: FastifyInstance, config: Config, options: BuildAppOptions): Promise<AppDeps> {
  const { db } = options.database;
  const metrics = await createMetrics(config.metricsToken !== undefined);
  const rateLimits = config.redisUrl
    ? await createRedisRateLimitStore(config.redisUrl, config.redisKeyPrefix, app.log)
    : createMemoryRateLimitStore();
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: `${config.dataDir}/outbox`,
    log: app.log,
  });
  const pubsub = config.redisUrl
    ? await createRedisPubSub(config.redisUrl, config.redisKeyPrefix, app.log, metrics)
    : createMemoryPubSub();
  const idTokens = await createIdTokens(db, config.publicUrl);
  const live = await registerLive(app, { pubsub, idTokens, log: app.log, drain: app.drain, metrics }, options.live);
  const instance = { release: config.version, publicUrl: config.publicUrl };
  const serverErrors = config.sentryDsn
    ? await createSentryReporter({ dsn: config.sentryDsn, ...instance }, app.log)
    : createLocalErrorReporter(db, instance, app.log);
  app.addHook('onClose', async () => {
    mailer.close();
    await rateLimits.close();
    await pubsub.close();
    await serverErrors.close();
  });
  const push = await createPush(db, config);
  const usage = createUsageEvents(db, app.log, config.analyticsEnabled);
  const killAfter = config.testKillAfterOutboxCommit;
  const events: AppEvents = createDomainEvents<DomainEventMap>({
    db,
    log: app.log,
    pubsub,
    afterDurableCommit: killAfter
      ? (types) => {
          if (types.includes(killAfter)) process.kill(process.pid, 'SIGKILL');
        }
      : undefined,
  });
  // Before the database closes (its owner closes it after the app): effects running now finish, then the last
  // usage events are written.
  app.addHook('onClose', async () => {
    await events.close();
    await usage.flush();
  });
  const storage = await createStorage(config);
  // Uploads cut by the drain clean up their partial bytes before the process exits.
  app.addHook('onClose', () => storage.close());
  const files = createBlobStore(storage);
  const stopFileSweep = startFileSweep({ db, storage, log: app.log });
  app.addHook('onClose', stopFileSweep);
  const stopRetention = startReportRetention({ db, files, log: app.log, retentionDays: config.reportsRetentionDays });
  app.addHook('onClose', stopRetention);
  const fileLinks = await loadFileLinks(db, config.publicUrl);
  const answers = createAnswerCache({ maxBytes: answerCacheBytes });
  const readiness = createReadiness();
  readiness.check('database', async () => {
    await db.execute(sql`select 1`);
  });
  readiness.check('storage', () => storage.check());
  readiness.check('redis', config.redisUrl ? () => pubsub.ping() : 'unused');
  const jobs = await createJobs(options.database.jobConnection, app.log, metrics);
  // Before the database closes (its owner closes it after the app): running jobs finish first.
  app.addHook('onClose', () => jobs.close());
  return {
    config,
    db,
    mailer,
    rateLimits,
    events,
    usage,
    idTokens,
    live,
    push,
    storage,
    files,
    fileLinks,
    jobs,
    answers,
    serverErrors,
    readiness,
    drain: app.drain,
    metrics,
    log: app.log,
  };
}

/** Every module's routes under /api, in registration order. */
const apiModules: FastifyPluginAsyncZod[] = [
  systemRoutes,
  authRoutes,
  oidcRoutes,
  profileRoutes,
  projectRoutes,
  memberRoutes,
  invitationRoutes,
  cardRoutes,
  chatRoutes,
  statusRoutes,
  taskRoutes,
  messageRoutes,
  fileRoutes,
  downloadRoutes,
  notificationRoutes,
  pushRoutes,
  adminRoutes,
  reportRoutes,
  insightRoutes,
  activityRoutes,
  searchRoutes,
  tokenRoutes,
  exportRoutes,
  exportDownloadRoutes,
  importRoutes,
];

/** One JSON body at most 1 MiB: plenty for any API call, small enough that junk cannot hurt. */
const bodyLimitBytes = 1024 * 1024;

/** Builds the whole server on an opened, migrated database. The caller listens and closes the database. */
export async function buildApp(config: Config, options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    logController: new RequestEndLogController(),
    trustProxy: proxyTrust(config.trustProxy),
    bodyLimit: bodyLimitBytes,
    routerOptions: { ignoreDuplicateSlashes: true, maxParamLength: 500 },
    // platform/drain.ts answers what arrives while closing: 503 in the shared error shape, with Retry-After.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(strictBodyValidatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  registerJsonBodyParser(app);
  registerNulUrlGuard(app);
  // Before every route: @fastify/compress hooks the routes registered after it.
  await registerCompression(app);

  // The first request comes after listen, by which time `app.deps` exists.
  registerErrorHandlers(app, (err, context) => void app.deps.serverErrors.report(err, context));
  // An external SENTRY_DSN is posted to by the browser SDK, so its origin joins connect-src.
  registerSecurityHeaders(app, {
    extraConnectSources: config.sentryDsn ? [new URL(config.sentryDsn).origin] : [],
    publicUrl: config.publicUrl,
  });
  app.decorate('drain', registerDrain(app));
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Deckhand API', version: config.version },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.decorate('deps', await createDeps(app, config, options));
  registerRequestMetrics(app, app.deps.metrics, config.metricsToken !== undefined);
  registerAuthGuard(app, app.deps.idTokens, {
    isApiToken,
    verify: (bearer) => verifyApiToken(app.deps.db, bearer),
  });
  registerTokenProjectLimit(app, app.deps.db);
  registerSubscribers(app.deps);
  app.deps.events.start();
  const collab = await registerCollab(app, app.deps, options.collab);
  registerOperationalGauges(app.deps, { collab, database: options.database });
  await startReminderWorker(app.deps);
  app.addHook('onClose', await startTransferWorkers(app.deps));
  app.addHook('onClose', await startSearchWorkers(app.deps));

  for (const routes of apiModules) await app.register(routes, { prefix: '/api' });
  await registerWebhooks(app);
  // Sentry SDKs post to `<DSN path>/api/<project>/envelope/`; the self-hosted DSN's path is /ingest.
  await app.register(ingestRoutes);
  await registerMetricsRoute(app, app.deps.metrics, config.metricsToken);
  await registerWebApp(app, options.webDistDir);
  return app;
}
