import type { DestinationStream } from 'pino';

interface RequestLog {
  reqId?: unknown;
  req?: { method?: unknown; url?: unknown };
  res?: { statusCode?: unknown };
  responseTime?: unknown;
}

/** A request's line ("request completed") becomes "req-7 GET /api/projects ← 200 in 3.1 ms". */
export function formatLogMessage(log: Record<string, unknown> & RequestLog, messageKey: string): string {
  const message = String(log[messageKey] ?? '');
  const id = typeof log.reqId === 'string' ? `${log.reqId} ` : '';
  const request = log.req && typeof log.req.method === 'string' && typeof log.req.url === 'string' ? log.req : null;
  const route = request ? `${request.method} ${request.url} ` : '';
  if (log.res && typeof log.res.statusCode === 'number') {
    const time = typeof log.responseTime === 'number' ? ` in ${log.responseTime.toFixed(1)} ms` : '';
    const detail = message === 'request completed' ? '' : ` ${message}`;
    return `${id}${route}← ${log.res.statusCode}${time}${detail}`;
  }
  if (request) return `${id}→ ${route}${message}`;
  return `${id}${message}`;
}

/**
 * One readable line per event for people reading a terminal (LOG_FORMAT=pretty, the default on a TTY).
 * pino-pretty runs in this thread and is loaded only here, so JSON logging (servers, log shippers) pays nothing.
 * Writes are synchronous so the last lines before an exit are not lost.
 */
export async function createPrettyLogStream(colorize: boolean): Promise<DestinationStream> {
  const { default: pinoPretty } = await import('pino-pretty');
  return pinoPretty({
    colorize,
    sync: true,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    messageFormat: formatLogMessage,
  });
}
