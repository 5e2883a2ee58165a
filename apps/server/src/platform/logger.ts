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

const censored = '[REDACTED]';
/** Fields that hold a credential wherever they appear one level down in a log line's object (`{user: {password}}`). */
const secretFields = ['password', 'token', 'id_token', 'refresh_token'];
/** Headers that carry credentials, in a `headers` object one level down (`{req: {headers}}`, `{res: {headers}}`). */
const secretHeaders = ['authorization', 'cookie', 'set-cookie'];

/**
 * An object literal's kind of object. Instances (a request, a reply, an error) are left to their serializers:
 * copying one would lose the getters those read, and the request and reply serializers keep no headers.
 */
function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** `record` with `fields` masked, or `record` itself when it holds none of them. */
function withMasked(record: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const field of fields) {
    if (!Object.hasOwn(record, field)) continue;
    copy ??= { ...record };
    copy[field] = censored;
  }
  return copy ?? record;
}

/**
 * A log line's object with credentials masked: the secret fields of every value one level down, and the secret
 * headers of a `headers` object inside one. Nothing is copied when there is nothing to mask, which is every request
 * line. Pino's own `redact` cloned and walked every value of every line for its wildcard paths: about 8 µs a
 * request line here, twice what making and writing the rest of the line takes.
 */
export function censorSecrets(line: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const key in line) {
    const value = line[key];
    if (!isPlainRecord(value)) continue;
    let masked = withMasked(value, secretFields);
    const headers = masked.headers;
    if (isPlainRecord(headers)) {
      const maskedHeaders = withMasked(headers, secretHeaders);
      if (maskedHeaders !== headers) masked = { ...masked, headers: maskedHeaders };
    }
    if (masked === value) continue;
    copy ??= { ...line };
    copy[key] = masked;
  }
  return copy ?? line;
}

/**
 * Pino options for Fastify. Bodies are never logged; headers that carry credentials and
 * secret query parameters are masked, so logs never hold passwords or tokens.
 */
export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    formatters: { log: censorSecrets },
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
