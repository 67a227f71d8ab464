import type { OpenAPIHono } from '@hono/zod-openapi';
import { defaultInterviewSchedule } from '~/features/interviews/interviews.server';
import { recordingAudio } from '~/features/readAloud/readAloud.server';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { route } from '~/platform/http/route.server';
import { getStorage } from '~/platform/storage/index.server';
import { cancelNextBook, chooseNextBook } from './bookSwaps.server';
import { guideChild, guideChildren } from './guideChildren.server';
import { guidesApi as api } from './guides.api';
import { guideInterviewTimes, saveInterviewTimes } from './interviewTimes.server';
import {
  guideRecordings,
  recordingDetail,
  recordingForGuide,
  saveRunningRecord,
} from './runningRecords.server';
import { saveWeeklyNote } from './weeklyNotes.server';

/** Reading guides only: their own children, and the running records of their recordings. */
export function guidesRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  const guide = (c: { get(key: 'user'): { id: string; displayName: string } }) => {
    const user = c.get('user');
    return { id: user.id, name: user.displayName };
  };

  route(app, deps, api.children, async (c) =>
    c.json(await guideChildren(deps.db, guide(c).id, c.req.valid('query')), 200),
  );

  route(app, deps, api.child, async (c) =>
    c.json(await guideChild(deps.db, guide(c).id, c.req.valid('param').id), 200),
  );

  route(app, deps, api.waiting, async (c) =>
    c.json(await guideRecordings(deps.db, guide(c).id, { waiting: true }), 200),
  );

  route(app, deps, api.recording, async (c) =>
    c.json(await recordingDetail(deps.db, guide(c).id, c.req.valid('param').id), 200),
  );

  route(app, deps, api.audio, async (c) => {
    const { recording } = await recordingForGuide(deps.db, guide(c).id, c.req.valid('param').id);
    return (await recordingAudio(deps.storage ?? getStorage(), recording)) as never;
  });

  route(app, deps, api.note, async (c) => {
    const { id, weekId } = c.req.valid('param');
    return c.json(
      await saveWeeklyNote(deps.db, guide(c), { childId: id, planId: weekId }, c.req.valid('json')),
      200,
    );
  });

  route(app, deps, api.swap, async (c) =>
    c.json(await chooseNextBook(deps.db, guide(c), c.req.valid('param').id, c.req.valid('json')), 200),
  );

  route(app, deps, api.cancelSwap, async (c) => {
    await cancelNextBook(deps.db, guide(c), c.req.valid('param').id);
    return c.body(null, 204);
  });

  const team = deps.interviewSchedule ?? defaultInterviewSchedule();
  route(app, deps, api.interviewTimes, async (c) =>
    c.json(await guideInterviewTimes(deps.db, team, guide(c).id, new Date()), 200),
  );

  route(app, deps, api.saveInterviewTimes, async (c) =>
    c.json(await saveInterviewTimes(deps.db, team, guide(c).id, c.req.valid('json'), new Date()), 200),
  );

  route(app, deps, api.score, async (c) =>
    c.json(await saveRunningRecord(deps.db, guide(c), c.req.valid('param').id, c.req.valid('json')), 200),
  );
}
