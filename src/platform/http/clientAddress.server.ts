import { isIP } from 'node:net';

/**
 * The client's address, from the connection's and the X-Forwarded-For header. With no trusted
 * proxies the header is ignored: any client can write it. With `trustedProxies` in front, each one
 * appends the address it was reached from, so the entry that many from the right was written by the
 * outermost trusted proxy and names the client; entries further left are the client's own words.
 * A header shorter than that (a request that passed fewer proxies) gives its first entry; an entry
 * that is not an IP address gives the connection's.
 *
 * The answer is the client as the limits count it (see `clientOf`): an IPv4 address, or an IPv6
 * client's /64 network.
 */
export function clientAddressOf(
  connection: string | undefined,
  forwardedFor: string | undefined,
  trustedProxies: number,
): string {
  const own = connection ? clientOf(connection) : 'unknown';
  if (trustedProxies < 1 || !forwardedFor) return own;
  const hops = forwardedFor
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  const client = hops[Math.max(0, hops.length - trustedProxies)];
  return client && isIP(withoutPort(client)) ? clientOf(client) : own;
}

/** An X-Forwarded-For entry without the port some proxies add: `1.2.3.4:5678`, `[2001:db8::1]:443`. */
function withoutPort(entry: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry);
  if (bracketed?.[1]) return bracketed[1];
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(entry);
  return v4?.[1] ?? entry;
}

/**
 * One client, however its address is written: an IPv4 address as it is (also when it comes as
 * IPv4-mapped IPv6, `::ffff:1.2.3.4`, as a dual-stack socket reports it), and an IPv6 address as its
 * /64 network (`2001:db8:0:7::/64`), since whoever has one address of a /64 has the whole network
 * and could otherwise count as 2^64 clients. Anything that is not an IP address is left as it is.
 */
export function clientOf(address: string): string {
  const bare = withoutPort(address.trim()).replace(/%.*$/, '');
  const kind = isIP(bare);
  if (kind === 4) return bare;
  if (kind !== 6) return address;
  const groups = ipv6Groups(bare);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail converted). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}
