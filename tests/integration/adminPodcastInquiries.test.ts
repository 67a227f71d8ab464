import { readFile } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminEpisode } from '../../src/features/podcast/admin.schema';
import { MAX_EPISODE_AUDIO_BYTES } from '../../src/features/podcast/audioFiles';
import { listPublishedEpisodes, podcastFeedXml } from '../../src/features/podcast/podcast.server';
import { auditLog, inquiries, podcastEpisodes } from '../../src/platform/db/schema.server';
import { adminAccount, auditEntries, call, caller, fileApi, storedFiles as filesIn } from './harness';

const { database, api, mediaDir } = await fileApi({ media: 'podcast-admin' });
const admin = await adminAccount(api);
const adminToken = admin.idToken;
const adminId = admin.user.id;
const mp3 = new Uint8Array(
  await readFile(new URL('../../src/features/demo/media/podcast/002-lighthouse-keeper.mp3', import.meta.url)),
);

const MISSING = '00000000-0000-4000-8000-000000000000';
const EPISODE = { title: 'Reading with grandparents', description: 'Why stories across generations stick.' };

const as = caller(api, adminToken);

const upload = (id: string, bytes: Uint8Array<ArrayBuffer> | string, type: string) =>
  call(api, 'POST', `/api/admin/podcast/${id}/audio`, {
    token: adminToken,
    rawBody: bytes,
    headers: { 'content-type': type },
  });

const storedFiles = () => filesIn(mediaDir);

const episodeRow = async (id: string) =>
  (await database.db.select().from(podcastEpisodes).where(eq(podcastEpisodes.id, id)))[0];

const auditOf = async (entityId: string) =>
  (await auditEntries(database, entityId)).map((r) => ({
    action: r.action,
    actorId: r.actorId,
    details: r.details,
  }));

async function newEpisode(body: Record<string, unknown> = {}): Promise<AdminEpisode> {
  const res = await as('POST', '/api/admin/podcast', { ...EPISODE, ...body });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as unknown as AdminEpisode;
}

describe('podcast episodes', () => {
  it('creates a draft with a guid, uploads a real MP3 (length read from the file), publishes it into the feed', async () => {
    const created = await newEpisode({
      showNotes: 'First line.\n\nSecond paragraph.',
      transcript: 'Hello and welcome.',
      episodeNumber: 40,
      explicit: false,
    });
    expect(created).toMatchObject({ state: 'draft', audio: null, publishedAt: null, episodeNumber: 40 });
    expect(created.guid).toMatch(/^[0-9a-f-]{36}$/);

    const uploaded = await upload(created.id, mp3, 'audio/mpeg');
    expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(200);
    const audio = (uploaded.json as unknown as AdminEpisode).audio;
    expect(audio).toMatchObject({ source: 'upload', bytes: mp3.byteLength, type: 'audio/mpeg' });
    // The demo file is 46.4 seconds long.
    expect(audio?.durationSeconds).toBeGreaterThanOrEqual(45);
    expect(audio?.durationSeconds).toBeLessThanOrEqual(48);
    // Stored under a random name nobody can guess from the episode.
    expect(audio?.href).toMatch(/^\/media\/podcast\/[0-9a-f-]{36}\.mp3$/);
    expect(await storedFiles()).toEqual([audio?.href.slice('/media/'.length)]);

    expect((await listPublishedEpisodes(database.db)).map((e) => e.id)).not.toContain(created.id);
    const published = await as('PATCH', `/api/admin/podcast/${created.id}`, { publishedAt: 'now' });
    expect(published.status).toBe(200);
    expect(published.json).toMatchObject({ state: 'published', guid: created.guid });

    const feed = podcastFeedXml(await listPublishedEpisodes(database.db), new URL('https://quillreads.test'));
    expect(feed).toContain(`<guid isPermaLink="false">${created.guid}</guid>`);
    expect(feed).toContain('<title>Reading with grandparents</title>');
    expect(feed).toContain(`length="${mp3.byteLength}" type="audio/mpeg"`);
    expect(feed).toContain(`https://quillreads.test${audio?.href}`);

    expect((await auditOf(created.id)).map((a) => a.action)).toEqual([
      'podcast_episode.create',
      'podcast_episode.audio_upload',
      'podcast_episode.publish',
    ]);
    expect((await auditOf(created.id)).every((a) => a.actorId === adminId)).toBe(true);
  });

  it('replaces an uploaded file with a new random name and deletes the old one', async () => {
    const episode = await newEpisode();
    const first = (await upload(episode.id, mp3, 'audio/mpeg')).json as unknown as AdminEpisode;
    const second = (await upload(episode.id, mp3, 'audio/mp3')).json as unknown as AdminEpisode;
    expect(second.audio?.href).not.toBe(first.audio?.href);
    const files = await storedFiles();
    expect(files).toContain(second.audio?.href.slice('/media/'.length));
    expect(files).not.toContain(first.audio?.href.slice('/media/'.length));
  });

  it('refuses a wrong type, a file that is not audio, a mismatched type and an empty file, storing nothing', async () => {
    const episode = await newEpisode();
    const before = await storedFiles();
    const cases: [Uint8Array<ArrayBuffer> | string, string][] = [
      [mp3, 'audio/wav'],
      [mp3, 'text/html'],
      ['<html>not audio at all</html>', 'audio/mpeg'],
      // An ID3 tag and nothing playable after it.
      [`ID3${'\u0000'.repeat(7)}${'x'.repeat(2000)}`, 'audio/mpeg'],
      // Real MP3 bytes labelled as Ogg would be served as the wrong type.
      [mp3, 'audio/ogg'],
    ];
    for (const [bytes, type] of cases) {
      const res = await upload(episode.id, bytes, type);
      expect(res.status, type).toBe(400);
      expect(res.json.error?.fields?.body, type).toEqual(expect.any(String));
    }
    const empty = await call(api, 'POST', `/api/admin/podcast/${episode.id}/audio`, {
      token: adminToken,
      headers: { 'content-type': 'audio/mpeg' },
    });
    expect(empty.status).toBe(400);
    expect(await storedFiles()).toEqual(before);
    expect((await episodeRow(episode.id))?.audioPath).toBeNull();
  });

  it('answers 413 for a file over the limit before reading it, and 404 for an unknown episode', async () => {
    const episode = await newEpisode();
    const res = await api.request(
      `/api/admin/podcast/${episode.id}/audio`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${adminToken}`,
          'content-type': 'audio/mpeg',
          'content-length': String(MAX_EPISODE_AUDIO_BYTES + 1),
        },
        body: mp3,
      },
      { clientAddress: '127.0.0.1' },
    );
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
    expect((await upload(MISSING, mp3, 'audio/mpeg')).status).toBe(404);
    expect((await upload('not-an-id', mp3, 'audio/mpeg')).status).toBe(400);
  });

  it('takes an external https address with its size, type and length, and refuses bad ones per field', async () => {
    const external = {
      audioUrl: 'https://cdn.example.com/episodes/41.mp3',
      audioBytes: 24_000_000,
      audioType: 'audio/mpeg',
      durationSeconds: 1500,
    };
    const created = await newEpisode({ ...external, publishedAt: '2025-01-06T06:00:00Z' });
    expect(created).toMatchObject({ state: 'published' });
    expect(created.audio).toEqual({
      source: 'url',
      href: external.audioUrl,
      bytes: 24_000_000,
      type: 'audio/mpeg',
      durationSeconds: 1500,
    });
    for (const [body, field] of [
      [{ ...external, audioUrl: 'http://cdn.example.com/41.mp3' }, 'audioUrl'],
      [{ ...external, audioUrl: 'https://user:secret@cdn.example.com/41.mp3' }, 'audioUrl'],
      [{ ...external, audioUrl: 'javascript:alert(1)' }, 'audioUrl'],
      [{ ...external, audioUrl: 'https://localhost/41.mp3' }, 'audioUrl'],
      [{ ...external, audioBytes: 0 }, 'audioBytes'],
      [{ ...external, audioBytes: 12.5 }, 'audioBytes'],
      [{ ...external, audioType: 'audio/wav' }, 'audioType'],
      [{ ...external, durationSeconds: 0 }, 'durationSeconds'],
      [{ ...external, durationSeconds: 13 * 3600 }, 'durationSeconds'],
      [{ audioUrl: external.audioUrl }, 'audioBytes'],
      [{ audioBytes: 1000 }, 'audioBytes'],
    ] as const) {
      const res = await as('PATCH', `/api/admin/podcast/${created.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json.error?.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await episodeRow(created.id))?.audioUrl).toBe(external.audioUrl);

    // An uploaded file replaces the address; an address replaces the file (which is deleted).
    const withFile = (await upload(created.id, mp3, 'audio/mpeg')).json as unknown as AdminEpisode;
    expect(withFile.audio?.source).toBe('upload');
    const key = withFile.audio?.href.slice('/media/'.length) ?? '';
    expect(await storedFiles()).toContain(key);
    const back = await as('PATCH', `/api/admin/podcast/${created.id}`, external);
    expect(back.json).toMatchObject({ audio: { source: 'url', href: external.audioUrl } });
    expect(await storedFiles()).not.toContain(key);
  });

  it('refuses to publish an episode without audio, and to take the audio of a published one', async () => {
    const refused = await as('POST', '/api/admin/podcast', { ...EPISODE, publishedAt: 'now' });
    expect(refused.status).toBe(409);
    expect(refused.json.error?.fields?.publishedAt).toMatch(/audio/);

    const draft = await newEpisode();
    const patch = await as('PATCH', `/api/admin/podcast/${draft.id}`, {
      publishedAt: '2030-01-01T06:00:00Z',
    });
    expect(patch.status).toBe(409);
    expect(patch.json.error?.message).toBe('An episode without audio cannot be published.');
    expect((await episodeRow(draft.id))?.publishedAt).toBeNull();

    await upload(draft.id, mp3, 'audio/mpeg');
    const scheduled = await as('PATCH', `/api/admin/podcast/${draft.id}`, {
      publishedAt: '2030-01-01T06:00:00Z',
    });
    expect(scheduled.json).toMatchObject({ state: 'scheduled' });
    // Scheduled is not yet public.
    expect((await listPublishedEpisodes(database.db)).map((e) => e.id)).not.toContain(draft.id);
    expect((await as('DELETE', `/api/admin/podcast/${draft.id}/audio`)).status).toBe(409);
    expect((await episodeRow(draft.id))?.audioPath).not.toBeNull();

    const unpublished = await as('PATCH', `/api/admin/podcast/${draft.id}`, { publishedAt: null });
    expect(unpublished.json).toMatchObject({ state: 'draft' });
    const removed = await as('DELETE', `/api/admin/podcast/${draft.id}/audio`);
    expect(removed.status).toBe(200);
    expect(removed.json).toMatchObject({ audio: null });
    expect((await auditOf(draft.id)).map((a) => a.action)).toContain('podcast_episode.audio_remove');
  });

  it('keeps the guid for ever, whatever an edit sends', async () => {
    const episode = await newEpisode();
    const res = await as('PATCH', `/api/admin/podcast/${episode.id}`, {
      guid: 'something-else',
      title: 'Reading with grandparents, again',
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ guid: episode.guid, title: 'Reading with grandparents, again' });
    expect((await episodeRow(episode.id))?.guid).toBe(episode.guid);
    const audit = await auditOf(episode.id);
    expect(audit.at(-1)).toMatchObject({ action: 'podcast_episode.update', details: { changed: ['title'] } });
  });

  it('refuses bad input on every field, changing nothing', async () => {
    const episode = await newEpisode({ episodeNumber: 77 });
    const before = await episodeRow(episode.id);
    for (const [body, field] of [
      [{ title: '' }, 'title'],
      [{ title: 'x'.repeat(151) }, 'title'],
      [{ title: '<b>Bold</b>' }, 'title'],
      [{ description: '' }, 'description'],
      [{ description: 'x'.repeat(1001) }, 'description'],
      [{ showNotes: 'x'.repeat(10_001) }, 'showNotes'],
      [{ showNotes: 'bell\u0007' }, 'showNotes'],
      [{ transcript: 42 }, 'transcript'],
      [{ episodeNumber: 0 }, 'episodeNumber'],
      [{ episodeNumber: 1.5 }, 'episodeNumber'],
      [{ episodeNumber: '3' }, 'episodeNumber'],
      [{ explicit: 'yes' }, 'explicit'],
      [{ publishedAt: 'tomorrow' }, 'publishedAt'],
      [
        { audioUrl: 'ftp://example.com/a.mp3', audioBytes: 1, audioType: 'audio/mpeg', durationSeconds: 1 },
        'audioUrl',
      ],
    ] as const) {
      const res = await as('PATCH', `/api/admin/podcast/${episode.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json.error?.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    const create = await as('POST', '/api/admin/podcast', { description: 'No title' });
    expect(create.status).toBe(400);
    expect(create.json.error?.fields).toHaveProperty('title');
    expect(await episodeRow(episode.id)).toEqual(before);
  });

  it('refuses an episode number that is taken', async () => {
    const first = await newEpisode({ episodeNumber: 90 });
    const taken = await as('POST', '/api/admin/podcast', { ...EPISODE, episodeNumber: 90 });
    expect(taken.status).toBe(409);
    expect(taken.json.error?.fields?.episodeNumber).toMatch(/already episode 90/);
    const other = await newEpisode({ episodeNumber: 91 });
    expect((await as('PATCH', `/api/admin/podcast/${other.id}`, { episodeNumber: 90 })).status).toBe(409);
    // Saving an episode with its own number is fine.
    expect((await as('PATCH', `/api/admin/podcast/${first.id}`, { episodeNumber: 90 })).status).toBe(200);
  });

  it('lists, searches, filters by state, sorts and pages', async () => {
    const page = await as('GET', '/api/admin/podcast?q=grandparents&sort=title&dir=asc&limit=2');
    expect(page.status).toBe(200);
    expect(page.json).toMatchObject({ page: 1, pageSize: 2, total: expect.any(Number) });
    expect((page.json.items as unknown[]).length).toBe(2);
    const drafts = await as('GET', '/api/admin/podcast?state=draft&limit=100');
    const items = drafts.json.items as { state: string; hasAudio: boolean }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.state === 'draft')).toBe(true);
    const byNumber = await as('GET', '/api/admin/podcast?q=90');
    expect((byNumber.json.items as { episodeNumber: number }[]).map((i) => i.episodeNumber)).toContain(90);
    for (const [query, field] of [
      ['state=live', 'state'],
      ['sort=guid', 'sort'],
      ['page=0', 'page'],
    ] as const) {
      const res = await as('GET', `/api/admin/podcast?${query}`);
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.json.error?.fields ?? {})).toContain(field);
    }
  });

  it('answers 404 for unknown episodes, and deletes one with its file', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { title: 'Nothing' }],
      ['DELETE', undefined],
    ] as const) {
      expect((await as(method, `/api/admin/podcast/${MISSING}`, body)).status, method).toBe(404);
    }
    expect((await as('DELETE', `/api/admin/podcast/${MISSING}/audio`)).status).toBe(404);
    const episode = await newEpisode();
    const withFile = (await upload(episode.id, mp3, 'audio/mpeg')).json as unknown as AdminEpisode;
    const key = withFile.audio?.href.slice('/media/'.length) ?? '';
    expect((await as('GET', `/api/admin/podcast/${episode.id}`)).json).toMatchObject({ id: episode.id });
    expect((await as('DELETE', `/api/admin/podcast/${episode.id}`)).status).toBe(204);
    expect(await episodeRow(episode.id)).toBeUndefined();
    expect(await storedFiles()).not.toContain(key);
    expect((await auditOf(episode.id)).at(-1)).toMatchObject({
      action: 'podcast_episode.delete',
      details: { guid: episode.guid },
    });
  });
});

describe('inquiries', () => {
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const rows = [
      [
        'Priya Shah',
        'priya@example.com',
        'Summer program dates',
        'When does the Summer Reading Quest start?',
      ],
      [
        'Tom Berg',
        'tom@example.com',
        'Refund question',
        'I paid twice for the Rated Reads plan, please help.',
      ],
      [
        'Amara Obi',
        'amara@example.com',
        'Podcast idea',
        'Could you do an episode about <b>graphic novels</b>?',
      ],
    ];
    for (const [i, [name, email, subject, message]] of rows.entries()) {
      const [row] = await database.db
        .insert(inquiries)
        .values({
          name: name as string,
          email: email as string,
          subject: subject as string,
          message: message as string,
          createdAt: new Date(Date.UTC(2025, 0, 10 + i)),
        })
        .returning();
      ids[name as string] = row?.id ?? '';
    }
  });

  const listOf = async (query: string) => {
    const res = await as('GET', `/api/admin/inquiries?${query}`);
    expect(res.status, query).toBe(200);
    return (res.json.items as { name: string; status: string }[]).map((i) => i.name);
  };

  it('lists newest first, searches name, email, subject and message, sorts and pages', async () => {
    expect(await listOf('')).toEqual(['Amara Obi', 'Tom Berg', 'Priya Shah']);
    expect(await listOf('dir=asc')).toEqual(['Priya Shah', 'Tom Berg', 'Amara Obi']);
    expect(await listOf('sort=name&dir=asc')).toEqual(['Amara Obi', 'Priya Shah', 'Tom Berg']);
    expect(await listOf('q=TOM@')).toEqual(['Tom Berg']);
    expect(await listOf('q=refund')).toEqual(['Tom Berg']);
    expect(await listOf('q=graphic novels')).toEqual(['Amara Obi']);
    expect(await listOf('q=Shah')).toEqual(['Priya Shah']);
    expect(await listOf('q=100%')).toEqual([]);
    const paged = await as('GET', '/api/admin/inquiries?limit=2&page=2');
    expect(paged.json).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect((paged.json.items as unknown[]).length).toBe(1);
  });

  it('opens one without changing its status, and shows the message as it was sent', async () => {
    const res = await as('GET', `/api/admin/inquiries/${ids['Amara Obi']}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      status: 'new',
      internalNote: '',
      message: 'Could you do an episode about <b>graphic novels</b>?',
    });
    expect((await as('GET', `/api/admin/inquiries/${ids['Amara Obi']}`)).json).toMatchObject({
      status: 'new',
    });
  });

  it('changes the status and the note, audits each, filters by status and sorts by it', async () => {
    const id = ids['Tom Berg'] ?? '';
    const started = await as('PATCH', `/api/admin/inquiries/${id}`, {
      status: 'in_progress',
      internalNote: '  Called Tom; refund requested from the bank.  ',
    });
    expect(started.status).toBe(200);
    expect(started.json).toMatchObject({
      status: 'in_progress',
      internalNote: 'Called Tom; refund requested from the bank.',
    });
    const answered = await as('PATCH', `/api/admin/inquiries/${id}`, { status: 'answered' });
    expect(answered.json).toMatchObject({
      status: 'answered',
      internalNote: 'Called Tom; refund requested from the bank.',
    });
    // The same values again record nothing new.
    await as('PATCH', `/api/admin/inquiries/${id}`, { status: 'answered' });
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'inquiry'), eq(auditLog.entityId, id)))
      .orderBy(auditLog.createdAt);
    expect(audit.map((a) => [a.action, a.details])).toEqual([
      ['inquiry.status', { from: 'new', to: 'in_progress' }],
      ['inquiry.note', { characters: 43, subject: 'Refund question' }],
      ['inquiry.status', { from: 'in_progress', to: 'answered' }],
    ]);
    expect(audit.every((a) => a.actorId === adminId)).toBe(true);

    expect(await listOf('status=answered')).toEqual(['Tom Berg']);
    expect(await listOf('status=new')).toEqual(['Amara Obi', 'Priya Shah']);
    expect(await listOf('sort=status&dir=asc')).toEqual(['Amara Obi', 'Priya Shah', 'Tom Berg']);
    const counts = await as('GET', '/api/admin/counts');
    expect(counts.json).toMatchObject({ inquiriesNew: 2 });

    const cleared = await as('PATCH', `/api/admin/inquiries/${id}`, { internalNote: '' });
    expect(cleared.json).toMatchObject({ internalNote: '' });
    expect((await listOf('status=answered')).length).toBe(1);
  });

  it('refuses bad input per field, changing nothing, and unknown inquiries', async () => {
    const id = ids['Priya Shah'] ?? '';
    const [before] = await database.db.select().from(inquiries).where(eq(inquiries.id, id));
    for (const [body, field] of [
      [{ status: 'closed' }, 'status'],
      [{ status: null }, 'status'],
      [{}, 'status'],
      [{ internalNote: 'x'.repeat(5001) }, 'internalNote'],
      [{ internalNote: 12 }, 'internalNote'],
      [{ internalNote: 'escape\u001b[31m' }, 'internalNote'],
    ] as const) {
      const res = await as('PATCH', `/api/admin/inquiries/${id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json.error?.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    const [after] = await database.db.select().from(inquiries).where(eq(inquiries.id, id));
    expect(after).toEqual(before);
    expect((await as('GET', `/api/admin/inquiries/${MISSING}`)).status).toBe(404);
    expect((await as('PATCH', `/api/admin/inquiries/${MISSING}`, { status: 'answered' })).status).toBe(404);
    expect((await as('GET', '/api/admin/inquiries/not-an-id')).status).toBe(400);
    for (const query of ['status=closed', 'sort=message', 'dir=sideways', 'limit=0']) {
      expect((await as('GET', `/api/admin/inquiries?${query}`)).status, query).toBe(400);
    }
  });
});
