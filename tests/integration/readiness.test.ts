import { describe, expect, it } from 'vitest';
import { markStopping } from '../../src/platform/server/lifecycle.server';
import { call, fileApi } from './harness';

// Issue 29: a copy tells load balancers whether to send it requests (ready: its database answers,
// its file store can be written to, it is not stopping) apart from whether it is alive at all.
// Marking this worker's process as stopping is for good: this file's last case.

const { api } = await fileApi({ media: 'readiness' });

describe('liveness and readiness', () => {
  it('is alive and ready while its database and file store answer', async () => {
    const ready = await call(api, 'GET', '/api/health');
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    const live = await call(api, 'GET', '/api/health/live');
    expect(live.status).toBe(200);
    expect(live.json).toEqual({ status: 'ok' });
  });

  it('stops being ready, not alive, once it is stopping', async () => {
    markStopping();
    const ready = await call(api, 'GET', '/api/health');
    expect(ready.status).toBe(503);
    expect(ready.json).toMatchObject({
      error: { code: 'unavailable', message: expect.stringContaining('stopping') },
    });
    expect((await call(api, 'GET', '/api/health/live')).status).toBe(200);
  });
});
