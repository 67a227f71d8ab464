import { describe, expect, it } from 'vitest';
import { clientAddressOf } from './clientAddress.server';

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
    expect(clientAddressOf('10.0.0.2', '2001:db8::7', 1)).toBe('2001:db8::7');
  });

  it('falls back safely on a short or malformed header', () => {
    expect(clientAddressOf('10.0.0.2', '198.51.100.1', 2)).toBe('198.51.100.1');
    expect(clientAddressOf('10.0.0.2', 'not-an-address', 1)).toBe('10.0.0.2');
    expect(clientAddressOf('10.0.0.2', ' , ', 1)).toBe('10.0.0.2');
  });
});
