import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  baseSecurityHeaders,
  inlineScriptHashes,
  pagePolicy,
  type SecuritySettings,
} from './securityHeaders.server';

const local: SecuritySettings = {
  sources: {
    apiBase: '',
    authEmulatorHost: '127.0.0.1:9099',
    firebaseAuthDomain: 'demo-quillreads.firebaseapp.com',
    stripe: false,
  },
  production: false,
};
const live: SecuritySettings = {
  sources: {
    apiBase: 'https://api.quillreads.example/v1',
    authEmulatorHost: '',
    firebaseAuthDomain: 'quillreads.firebaseapp.com',
    stripe: true,
  },
  production: true,
};

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const directive = (policy: string, name: string) =>
  policy
    .split('; ')
    .find((d) => d.startsWith(`${name} `))
    ?.slice(name.length + 1);

describe('inline script hashes', () => {
  it('hashes each inline script once, exactly as written, and skips scripts with a src', () => {
    const html = `<head><script type="module">let a = 1;\n</script><script src="/_astro/x.js"></script>
      <SCRIPT>b()</SCRIPT ><script data-x>let a = 1;\n</script></head>`;
    expect(inlineScriptHashes(html)).toEqual([sha('let a = 1;\n'), sha('b()')]);
  });

  it('gathers the scripts of many pages, and leaves out data blocks that never run', () => {
    const first = '<script>one()</script><script type="application/ld+json">{"@type":"Event"}</script>';
    const second = '<script type="text/javascript">two()</script><script>one()</script>';
    expect(inlineScriptHashes(first, second)).toEqual([sha('one()'), sha('two()')]);
  });
});

describe('the page policy', () => {
  it('runs only the site’s files and the page’s own inline scripts, and is never framed', () => {
    const policy = pagePolicy(local, [sha('x')]);
    expect(directive(policy, 'script-src')).toBe(`'self' ${sha('x')} https://apis.google.com`);
    expect(directive(policy, 'frame-ancestors')).toBe("'none'");
    expect(directive(policy, 'object-src')).toBe("'none'");
    expect(directive(policy, 'base-uri')).toBe("'self'");
    expect(directive(policy, 'form-action')).toBe("'self'");
    // The local emulator is the only sign-in host, and there is no Stripe.
    expect(directive(policy, 'connect-src')).toBe("'self' http://127.0.0.1:9099");
    expect(directive(policy, 'frame-src')).toBe('http://127.0.0.1:9099');
    expect(policy).not.toContain('upgrade-insecure-requests');
    expect(policy).not.toContain('unsafe-eval');
  });

  it('names Firebase, Google’s sign-in loader, Stripe and an API elsewhere when configured', () => {
    const policy = pagePolicy(live, []);
    expect(directive(policy, 'script-src')).toBe("'self' https://js.stripe.com https://apis.google.com");
    expect(directive(policy, 'connect-src')).toBe(
      "'self' https://api.quillreads.example https://identitytoolkit.googleapis.com https://securetoken.googleapis.com https://api.stripe.com",
    );
    expect(directive(policy, 'frame-src')).toBe(
      'https://js.stripe.com https://hooks.stripe.com https://quillreads.firebaseapp.com',
    );
    expect(policy.endsWith('upgrade-insecure-requests')).toBe(true);
  });

  it('lets pictures and audio come from the CDN of public files, and nowhere else', () => {
    expect(directive(pagePolicy(local, []), 'img-src')).toBe("'self' data: blob:");
    const cdn = { ...live, sources: { ...live.sources, mediaBase: 'https://cdn.quillreads.example/media' } };
    const policy = pagePolicy(cdn, []);
    expect(directive(policy, 'img-src')).toBe("'self' data: blob: https://cdn.quillreads.example");
    expect(directive(policy, 'media-src')).toBe("'self' blob: https: https://cdn.quillreads.example");
  });
});

describe('the common headers', () => {
  it('pin HTTPS in production only, and allow the microphone to the site alone', () => {
    expect(baseSecurityHeaders(local)['Strict-Transport-Security']).toBeUndefined();
    expect(baseSecurityHeaders(live)['Strict-Transport-Security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(baseSecurityHeaders(local)).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Content-Security-Policy': expect.stringContaining("default-src 'none'"),
    });
    expect(baseSecurityHeaders(local)['Permissions-Policy']).toContain('microphone=(self)');
  });
});
