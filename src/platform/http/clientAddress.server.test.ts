import { describe, expect, it } from 'vitest';
import { clientAddressOf, clientOf } from './clientAddress.server';

describe('clientAddressOf', () => {
  it('takes the connection’s address and ignores X-Forwarded-For unless a proxy is trusted', () => {
    expect(clientAddressOf('203.0.113.9', '198.51.100.1', 0)).toBe('203.0.113.9');
    expect(clientAddressOf('203.0.113.9', undefined, 1)).toBe('203.0.113.9');
    expect(clientAddressOf(undefined, '198.51.100.1', 0)).toBe('unknown');
  });

  it('behind trusted proxies, takes the entry the outermost one wrote, never what the client wrote', () => {
    expect(clientAddressOf('10.0.0.2', '198.51.100.1', 1)).toBe('198.51.100.1');
    // The client wrote "1.2.3.4" itself; the load balancer appended the address it really came from.
    expect(clientAddressOf('10.0.0.2', '1.2.3.4, 198.51.100.1', 1)).toBe('198.51.100.1');
    // A CDN, then a load balancer: the CDN wrote the client's address, the load balancer the CDN's.
    expect(clientAddressOf('10.0.0.2', '1.2.3.4, 198.51.100.1, 192.0.2.50', 2)).toBe('198.51.100.1');
    expect(clientAddressOf('10.0.0.2', '2001:db8::7', 1)).toBe('2001:db8:0:0::/64');
  });

  it('counts an IPv4 client as one address however it is written, the connection’s included', () => {
    // A dual-stack socket reports an IPv4 client as IPv4-mapped IPv6.
    expect(clientAddressOf('::ffff:203.0.113.9', undefined, 0)).toBe('203.0.113.9');
    expect(clientAddressOf('::FFFF:cb00:7109', undefined, 0)).toBe('203.0.113.9');
    expect(clientAddressOf('10.0.0.2', '::ffff:198.51.100.1', 1)).toBe('198.51.100.1');
  });

  it('counts an IPv6 client by its /64 network: whoever has one of its addresses has them all', () => {
    const network = '2001:db8:0:7::/64';
    for (const address of ['2001:db8:0:7::1', '2001:db8::7:0:0:0:2', '2001:DB8:0:7:ffff:ffff:ffff:ffff']) {
      expect(clientAddressOf(address, undefined, 0), address).toBe(network);
      expect(clientAddressOf('10.0.0.2', address, 1), address).toBe(network);
    }
    expect(clientAddressOf('2001:db8:0:8::1', undefined, 0)).toBe('2001:db8:0:8::/64');
    expect(clientAddressOf('::1', undefined, 0)).toBe('0:0:0:0::/64');
    expect(clientOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('takes the address from an X-Forwarded-For entry that carries a port', () => {
    expect(clientAddressOf('10.0.0.2', '198.51.100.1:5678', 1)).toBe('198.51.100.1');
    expect(clientAddressOf('10.0.0.2', '1.2.3.4, 198.51.100.1:443', 1)).toBe('198.51.100.1');
    expect(clientAddressOf('10.0.0.2', '[2001:db8::1]:443', 1)).toBe('2001:db8:0:0::/64');
    expect(clientAddressOf('10.0.0.2', '[2001:db8::1]', 1)).toBe('2001:db8:0:0::/64');
    expect(clientAddressOf('10.0.0.2', '[::ffff:198.51.100.1]:80', 1)).toBe('198.51.100.1');
    // Not an address with a port: the connection's.
    expect(clientAddressOf('10.0.0.2', '198.51.100.1:http', 1)).toBe('10.0.0.2');
    expect(clientAddressOf('10.0.0.2', '[not-an-address]:443', 1)).toBe('10.0.0.2');
  });

  it('falls back safely on a short or malformed header', () => {
    expect(clientAddressOf('10.0.0.2', '198.51.100.1', 2)).toBe('198.51.100.1');
    expect(clientAddressOf('10.0.0.2', 'not-an-address', 1)).toBe('10.0.0.2');
    expect(clientAddressOf('10.0.0.2', ' , ', 1)).toBe('10.0.0.2');
  });
});
