import { isIP } from 'node:net';

/**
 * The client's address, from the connection's and the X-Forwarded-For header. With no trusted
 * proxies the header is ignored: any client can write it. With `trustedProxies` in front, each one
 * appends the address it was reached from, so the entry that many from the right was written by the
 * outermost trusted proxy and names the client; entries further left are the client's own words.
 * A header shorter than that (a request that passed fewer proxies) gives its first entry; an entry
 * that is not an IP address gives the connection's.
 */
export function clientAddressOf(
  connection: string | undefined,
  forwardedFor: string | undefined,
  trustedProxies: number,
): string {
  const own = connection ?? 'unknown';
  if (trustedProxies < 1 || !forwardedFor) return own;
  const hops = forwardedFor
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  const client = hops[Math.max(0, hops.length - trustedProxies)];
  return client && isIP(client) ? client : own;
}
