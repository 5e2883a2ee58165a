import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import type { DestinationStream } from 'pino';

const secretQueryParams = ['token', 'code', 'state', 'id_token'];

/** Masks the values of query parameters that carry credentials (`/updates?token=…`, OIDC callbacks). */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const name = decodeURIComponent(pair.split('=')[0] ?? '');
      return secretQueryParams.includes(name.toLowerCase()) ? `${pair.split('=')[0]}=[REDACTED]` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${query}`;
}

interface SerializableRequest {
  method: string;
  url: string;
  ip?: string;
  headers: Record<string, unknown>;
}

/**
 * Pino options for Fastify. Bodies are never logged; headers that carry credentials and
 * secret query parameters are masked, so logs never hold passwords or tokens.
 */
export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.id_token',
        '*.refresh_token',
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      req(request: SerializableRequest) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
          userAgent: request.headers['user-agent'],
        };
      },
    },
  };
}

/**
 * One log line per request, when it ends, with the request (method, URL, address, user agent), the status and the
 * time: Fastify's default is a line when it arrives and another when it ends, and writing (and redacting) every
 * line cost about a tenth of a small request's CPU under load. A request that never ends is not logged; one the
 * client aborts ends with an error and is.
 */
export class RequestEndLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
