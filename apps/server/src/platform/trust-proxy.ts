import type { FastifyServerOptions } from 'fastify';

/**
 * Fastify's `trustProxy` for TRUST_PROXY (a hop count, or the proxies' addresses and CIDRs), so that `req.ip` is the
 * rightmost X-Forwarded-For entry the trusted proxies did not write: entries further left are whatever the client
 * sent, and trusting them would let a client pick its own address for every per-address limit.
 */
export function proxyTrust(setting: number | string[]): FastifyServerOptions['trustProxy'] {
  if (Array.isArray(setting)) return setting;
  if (setting === 0) return false;
  // Fastify 5 reads a bare number as "trust no proxy" (it cannot tell a proxy from a client that reached the port
  // directly), so the count is given as a function: the socket's peer is hop 0, the header's last entry hop 1, …
  return (_address, hop) => hop < setting;
}
