import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { passages, recordings } from '../../src/platform/db/schema.server';
import { unreachableS3Storage } from '../../src/platform/storage/storageContract';
import { call, familyWithChild, fileApi } from './harness';

// Issue 29: with uploads in an S3-compatible store, an outage of the store refuses the upload with
// 503 and a message that says nothing was saved, and leaves no row behind; what the database holds
// is still answered.

const { database, api } = await fileApi({ storage: unreachableS3Storage() });

const [passage] = await database.db
  .insert(passages)
  .values({ title: 'The Lighthouse', readingLevel: 'branch', text: 'word '.repeat(40).trim(), wordCount: 40 })
  .returning();
const parent = await familyWithChild(api, { firstName: 'Maya', ageBand: '8-10', readingLevel: 'branch' });

describe('the object store out of reach', () => {
  it('refuses a recording with 503 and a clear message, storing nothing', async () => {
    const res = await call(
      api,
      'POST',
      `/api/children/${parent.childId}/recordings?passageId=${passage?.id}&durationMs=30000`,
      {
        token: parent.token,
        rawBody: new TextEncoder().encode('OggS opaque audio bytes'),
        headers: { 'content-type': 'audio/webm;codecs=opus' },
      },
    );
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('30');
    expect(res.json).toMatchObject({
      error: { code: 'unavailable', message: expect.stringContaining('Nothing was saved') },
    });
    expect(await database.db.select().from(recordings).where(eq(recordings.childId, parent.childId))).toEqual(
      [],
    );
  });

  it('is not ready (its load balancer sends requests elsewhere), yet alive', async () => {
    const ready = await call(api, 'GET', '/api/health');
    expect(ready.status).toBe(503);
    expect(ready.json).toMatchObject({ error: { message: 'The file store cannot be reached.' } });
    expect((await call(api, 'GET', '/api/health/live')).status).toBe(200);
  });

  it('still answers what the database holds', async () => {
    const res = await call(api, 'GET', `/api/children/${parent.childId}/recordings`, { token: parent.token });
    expect(res.status).toBe(200);
    const passagesList = await call(api, 'GET', '/api/passages', { token: parent.token });
    expect(passagesList.status).toBe(200);
  });
});
