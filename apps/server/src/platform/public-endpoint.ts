import dns from 'node:dns/promises';
import net from 'node:net';

/** Addresses the server never sends to on someone's say (push endpoints, webhooks): loopback, private, link-local, shared and reserved ranges. */
const nonPublic = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  nonPublic.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  nonPublic.addSubnet(prefix, bits, 'ipv6');
}

/** IPv4-mapped and NAT64 IPv6 addresses are refused as a whole: no push service or webhook receiver needs them. */
export function isPublicAddress(address: string): boolean {
  return !nonPublic.check(address, net.isIPv6(address) ? 'ipv6' : 'ipv4');
}

/**
 * Why the server must not send to this endpoint (a push subscription's, a webhook's URL), or undefined when it
 * may: it must be https on public addresses only (no requests into the server's own network), unless its host is
 * listed in `allowedHosts` (PUSH_ENDPOINT_HOSTS, WEBHOOK_ALLOWED_HOSTS). Checked when it is stored and again
 * before each send, since DNS answers can change in between. `noun` names it in the reason.
 */
export async function endpointRefusal(
  endpoint: string,
  allowedHosts: readonly string[],
  noun = 'the endpoint',
): Promise<string | undefined> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return `${noun} is not a URL`;
  }
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (allowedHosts.includes(host)) return undefined;
  if (url.protocol !== 'https:') return `${noun} must use https`;
  if (url.username || url.password) return `${noun} must not carry credentials`;
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await dns.lookup(host, { all: true })).map((a) => a.address);
    } catch {
      return `${noun} host cannot be resolved`;
    }
  }
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) return `${noun} must be on a public address`;
  return undefined;
}
