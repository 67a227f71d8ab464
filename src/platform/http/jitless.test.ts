// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import * as z from 'zod';

describe('zod in the browser', () => {
  it('parses without compiling code, which the pages’ Content-Security-Policy forbids', async () => {
    await import('./common.schema');
    expect(z.config().jitless).toBe(true);
    expect(z.object({ a: z.string() }).parse({ a: 'b' })).toEqual({ a: 'b' });
  });
});
