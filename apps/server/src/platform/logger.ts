import type { FastifyServerOptions } from 'fastify';
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
