import type { FastifyInstance } from 'fastify';

/**
 * The app loads only its own scripts. Styles allow inline because react-toastify and Radix set
 * style attributes; images allow https for avatar URLs people paste into their profile.
 */
function contentSecurityPolicy(extraConnectSources: readonly string[], publicOrigin: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    // PUBLIC_URL too: file links are made under it, and the app may be opened at another name for the same server.
    `img-src 'self' ${publicOrigin} data: blob: https:`,
    "font-src 'self' data:",
    ["connect-src 'self' ws: wss:", ...extraConnectSources].join(' '),
    // Session replay compresses in the app's own worker script (apps/web/src/lib/errors/replay-worker.ts).
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Adds security headers to every answer; an answer that set its own CSP keeps it.
 * `extraConnectSources` are origins the page may call besides its own (an external SENTRY_DSN); `publicUrl` is
 * PUBLIC_URL, where file links point.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  { extraConnectSources = [], publicUrl }: { extraConnectSources?: readonly string[]; publicUrl: string },
): void {
  const policy = contentSecurityPolicy(extraConnectSources, new URL(publicUrl).origin);
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    // The API docs UI keeps its plugin's policy; a stored file keeps its sandbox (modules/files/routes).
    if (!req.url.startsWith('/api/docs') && !reply.hasHeader('Content-Security-Policy')) {
      reply.header('Content-Security-Policy', policy);
    }
    return payload;
  });
}
