import { eq, inArray, sql } from 'drizzle-orm';
import { UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { changeEmailAtEmulator } from '../../scripts/emulator.mjs';
import { DELETE_CONFIRMATION } from '../../src/features/family/family.schema';
import { notifyChild } from '../../src/features/notifications/notifications.server';
import { schoolYearOf } from '../../src/platform/days';
import {
  auditLog,
  blogs,
  children,
  eventRegistrations,
  events,
  inquiries,
  notifications,
  orders,
  passages,
  readingLogs,
  recordings,
  subscriptions,
  users,
} from '../../src/platform/db/schema.server';
import { createSignInAccountDeleter } from '../../src/platform/identity/identity.server';
import {
  addPlan,
  adminAccount,
  call,
  EMULATOR_HOST,
  familyWithChild,
  fileApi,
  PROJECT_ID,
  recordAttempt,
  registeredAccount,
  signInAccount,
} from './harness';

const { database, api, storage } = await fileApi({ media: 'family-media' });
const adminToken = (await adminAccount(api)).idToken;

const kid = { firstName: 'Maya', ageBand: '8-10', readingLevel: 'branch' };

/** A new family with one child and a few notifications for it. */
async function family(notes = 3) {
  const parent = await familyWithChild(api, kid);
  const { childId } = parent;
  for (let i = 1; i <= notes; i++) {
    await notifyChild(database.db, childId, { kind: 'milestone', title: `Note ${i}`, link: '/profile' });
  }
  return parent;
}

describe('notifications', () => {
  it('counts unread notifications over the family, lists them newest first and marks them read', async () => {
    const f = await family(3);
    const second = await call(api, 'POST', '/api/children', {
      token: f.token,
      body: { firstName: 'Theo', ageBand: '4-6', readingLevel: 'sprout' },
    });
    await notifyChild(database.db, String(second.json._id), { kind: 'event', title: 'For Theo' });

    const unread = await call(api, 'GET', '/api/me/notifications/unread', { token: f.token });
    expect(unread.status).toBe(200);
    expect(unread.json).toMatchObject({ userId: f.user.id, notificationCount: 4 });
    expect(unread.headers.get('cache-control')).toBe('no-store');

    const page = await call(api, 'GET', `/api/children/${f.childId}/notifications?limit=2`, {
      token: f.token,
    });
    const body = page.json as unknown as {
      notifications: { id: string; title: string }[];
      unread: number;
      next: string;
    };
    expect(body.notifications.map((n) => n.title)).toEqual(['Note 3', 'Note 2']);
    expect(body.unread).toBe(3);
    const older = await call(
      api,
      'GET',
      `/api/children/${f.childId}/notifications?limit=2&before=${body.next}`,
      {
        token: f.token,
      },
    );
    expect((older.json.notifications as { title: string }[]).map((n) => n.title)).toEqual(['Note 1']);
    expect(older.json.next).toBeNull();

    const one = await call(api, 'POST', `/api/children/${f.childId}/notifications/read`, {
      token: f.token,
      body: { notificationId: body.notifications[0]?.id },
    });
    expect(one.json).toEqual({ marked: 1 });
    const all = await call(api, 'POST', `/api/children/${f.childId}/notifications/read`, {
      token: f.token,
      body: {},
    });
    expect(all.json).toEqual({ marked: 2 });
    const after = await call(api, 'GET', '/api/me/notifications/unread', { token: f.token });
    expect(after.json.notificationCount).toBe(1);
  });

  it("never shows or marks another family's notifications", async () => {
    const mine = await family(2);
    const other = await family(0);
    const list = await call(api, 'GET', `/api/children/${mine.childId}/notifications`, {
      token: other.token,
    });
    expect(list.status).toBe(404);
    const mark = await call(api, 'POST', `/api/children/${mine.childId}/notifications/read`, {
      token: other.token,
      body: {},
    });
    expect(mark.status).toBe(404);
    // A notification id of another child, through one's own child: not found, nothing marked.
    const [note] = await database.db
      .select()
      .from(notifications)
      .where(eq(notifications.childId, mine.childId));
    const cross = await call(api, 'POST', `/api/children/${other.childId}/notifications/read`, {
      token: other.token,
      body: { notificationId: note?.id },
    });
    expect(cross.status).toBe(404);
    const unread = await call(api, 'GET', '/api/me/notifications/unread', { token: mine.token });
    expect(unread.json.notificationCount).toBe(2);
  });

  it('refuses bad input, naming the field', async () => {
    const f = await family(0);
    for (const [query, field] of <[string, string][]>[
      ['limit=0', 'limit'],
      ['limit=51', 'limit'],
      ['limit=x', 'limit'],
      ['before=nope', 'before'],
    ]) {
      const res = await call(api, 'GET', `/api/children/${f.childId}/notifications?${query}`, {
        token: f.token,
      });
      expect(res.status, query).toBe(400);
      expect(res.json.error?.fields).toHaveProperty([field]);
    }
    for (const body of [{ notificationId: 'x' }, { notificationId: 3 }, { other: true }]) {
      const res = await call(api, 'POST', `/api/children/${f.childId}/notifications/read`, {
        token: f.token,
        body,
      });
      expect(res.status).toBe(400);
    }
  });
});

describe('editing the family', () => {
  it("changes the parent's name and refuses markup or an empty name, changing nothing", async () => {
    const f = await family(0);
    const ok = await call(api, 'PATCH', '/api/me', { token: f.token, body: { displayName: 'Jordan R.' } });
    expect(ok.status).toBe(200);
    expect(ok.json.displayName).toBe('Jordan R.');
    for (const body of [
      { displayName: '' },
      { displayName: '<script>x</script>' },
      { displayName: 'x'.repeat(81) },
      { displayName: 7 },
      { displayName: 'Ok', email: 'new@example.com' },
    ]) {
      const res = await call(api, 'PATCH', '/api/me', { token: f.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const [row] = await database.db.select().from(users).where(eq(users.id, f.user.id));
    expect(row?.displayName).toBe('Jordan R.');
  });

  it("changes a child's profile; another family's child is 404 and unchanged", async () => {
    const f = await family(0);
    const other = await family(0);
    const body = { firstName: 'Maya Rose', ageBand: '10-12', readingLevel: 'canopy', interests: ['Space'] };
    const res = await call(api, 'PATCH', `/api/children/${f.childId}`, { token: f.token, body });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ name: 'Maya Rose', readingLevel: 'canopy', interests: ['Space'] });
    const theirs = await call(api, 'PATCH', `/api/children/${f.childId}`, { token: other.token, body: kid });
    expect(theirs.status).toBe(404);
    const bad = await call(api, 'PATCH', `/api/children/${f.childId}`, {
      token: f.token,
      body: { ...kid, firstName: '<b>Maya</b>' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error?.fields).toHaveProperty(['firstName']);
    const [row] = await database.db.select().from(children).where(eq(children.id, f.childId));
    expect(row?.firstName).toBe('Maya Rose');
  });

  it('keeps a school grade the family gives, with its school year; a grade off the list is refused', async () => {
    const f = await family(0);
    const patch = (body: unknown) =>
      call(api, 'PATCH', `/api/children/${f.childId}`, { token: f.token, body });
    const given = await patch({ ...kid, schoolGrade: 2 });
    expect([given.status, given.json.schoolGrade]).toEqual([200, 2]);
    const [row] = await database.db.select().from(children).where(eq(children.id, f.childId));
    expect(row).toMatchObject({ schoolGrade: 2, schoolGradeYear: schoolYearOf(new Date()) });
    const fluency = await call(api, 'GET', `/api/children/${f.childId}/fluency`, { token: f.token });
    expect(fluency.json).toMatchObject({ grade: 2, gradeEstimated: false });
    for (const schoolGrade of [9, -1, 2.5, 'two']) {
      const bad = await patch({ ...kid, schoolGrade });
      expect([bad.status, Object.keys(bad.json.error?.fields ?? {})], String(schoolGrade)).toEqual([
        400,
        ['schoolGrade'],
      ]);
    }
    expect((await patch({ ...kid, schoolGrade: null })).json.schoolGrade).toBeNull();
    const [cleared] = await database.db.select().from(children).where(eq(children.id, f.childId));
    expect(cleared).toMatchObject({ schoolGrade: null, schoolGradeYear: null });
  });

  it('removes a child with everything about them and gives back their event seats', async () => {
    const f = await family(2);
    const [event] = await database.db
      .insert(events)
      .values({
        title: 'Story time',
        startsAt: new Date(Date.now() + 86_400_000),
        endsAt: new Date(Date.now() + 90_000_000),
        location: 'Library',
        capacity: 5,
      })
      .returning();
    expect(
      (
        await call(api, 'POST', `/api/events/${event?.id}/registrations`, {
          token: f.token,
          body: { childId: f.childId },
        })
      ).status,
    ).toBe(201);
    await database.db
      .insert(readingLogs)
      .values({ childId: f.childId, title: 'Wonder', readOn: '2026-11-01', minutes: 20 });
    const [passage] = await database.db
      .insert(passages)
      .values({ title: 'The pond', readingLevel: 'branch', text: 'Ducks swim on the pond.', wordCount: 5 })
      .returning();
    await recordAttempt(api, f, passage?.id);
    const [recording] = await database.db.select().from(recordings).where(eq(recordings.childId, f.childId));
    expect(await storage.stat(recording?.audioPath ?? '')).not.toBeNull();

    const other = await family(0);
    expect((await call(api, 'DELETE', `/api/children/${f.childId}`, { token: other.token })).status).toBe(
      404,
    );

    const res = await call(api, 'DELETE', `/api/children/${f.childId}`, { token: f.token });
    expect(res.status).toBe(200);
    expect(res.json.children).toEqual([]);
    const left = await Promise.all([
      database.db.select().from(children).where(eq(children.id, f.childId)),
      database.db.select().from(notifications).where(eq(notifications.childId, f.childId)),
      database.db.select().from(readingLogs).where(eq(readingLogs.childId, f.childId)),
      database.db.select().from(eventRegistrations).where(eq(eventRegistrations.childId, f.childId)),
    ]);
    expect(left.map((rows) => rows.length)).toEqual([0, 0, 0, 0]);
    // The recording's file goes with its row: a child's voice is not kept after the child.
    expect(await storage.stat(recording?.audioPath ?? '')).toBeNull();
    const [after] = await database.db
      .select()
      .from(events)
      .where(eq(events.id, String(event?.id)));
    expect(after?.seatsTaken).toBe(0);
    expect((await call(api, 'DELETE', `/api/children/${f.childId}`, { token: f.token })).status).toBe(404);
  });
});

describe('the profile cards', () => {
  it("show each child's current program, and nothing once it has ended", async () => {
    const f = await family(0);
    const planId = await addPlan(database, { name: 'Rated Reads Term', durationMonths: 3, priceCents: 7900 });
    const [order] = await database.db
      .insert(orders)
      .values({
        userId: f.user.id,
        childId: f.childId,
        planId,
        amountCents: 7900,
        provider: 'sandbox',
      })
      .returning();
    const endsAt = new Date(Date.now() + 30 * 86_400_000);
    await database.db.insert(subscriptions).values([
      {
        childId: f.childId,
        planId,
        orderId: order?.id ?? null,
        startsAt: new Date(Date.now() - 60 * 86_400_000),
        endsAt,
      },
      // An older one that has ended is not the current program.
      {
        childId: f.childId,
        planId,
        startsAt: new Date(Date.now() - 200 * 86_400_000),
        endsAt: new Date(Date.now() - 100 * 86_400_000),
      },
    ]);
    const res = await call(api, 'GET', `/api/children/${f.childId}`, { token: f.token });
    expect(res.json.subscription).toEqual({
      planName: 'Rated Reads Term',
      startsAt: expect.any(String),
      endsAt: endsAt.toISOString(),
    });
    expect(res.json.queued).toEqual([]);
    const other = await family(0);
    const theirs = await call(api, 'GET', `/api/children/${other.childId}`, { token: other.token });
    expect(theirs.json.subscription).toBeNull();
  });
});

describe('export and deletion', () => {
  it("exports the family's data and nothing of anyone else's", async () => {
    const f = await family(2);
    const other = await family(1);
    const res = await call(api, 'GET', '/api/me/export', { token: f.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="quillreads-family-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    const data = res.json as unknown as {
      account: { email: string };
      children: { id: string; notifications: unknown[] }[];
    };
    expect(data.account.email).toBe(f.email);
    expect(data.children.map((c) => c.id)).toEqual([f.childId]);
    expect(data.children[0]?.notifications).toHaveLength(2);
    expect(JSON.stringify(data)).not.toContain(other.childId);
  });

  it('links contact messages by a verified email only: another person’s address proves nothing', async () => {
    const stamp = Date.now();
    const theirs = `someone-${stamp}@example.com`;
    const owners = `owner-${stamp}@example.com`;
    await database.db.insert(inquiries).values([
      { name: 'Someone', email: theirs, subject: 'Private', message: 'About my daughter’s reading.' },
      { name: 'Owner', email: owners, subject: 'Library cards', message: 'Do you work with libraries?' },
      { name: 'Owner', email: owners.toUpperCase(), subject: 'Again', message: 'One more thing.' },
    ]);
    const messagesTo = async (address: string) =>
      (await database.db.select().from(inquiries)).filter((m) => m.email.toLowerCase() === address);

    // Registered with someone else's address, never confirmed: none of their messages, none deleted.
    const impostor = await registeredAccount(api, theirs, 'Not Someone');
    const exported = await call(api, 'GET', '/api/me/export', { token: impostor.idToken });
    expect(exported.json).toMatchObject({ contactMessages: [] });
    expect(JSON.stringify(exported.json)).not.toContain('Private');
    expect(String(exported.json.contactMessagesNote)).toContain(
      'only when your sign-in has confirmed your email address',
    );
    const gone = await call(api, 'DELETE', '/api/me', {
      token: impostor.idToken,
      body: { confirm: DELETE_CONFIRMATION },
    });
    expect(gone.status).toBe(200);
    expect(await messagesTo(theirs)).toHaveLength(1);

    // A verified owner of an address sees its messages (whatever the case), and deleting the family
    // deletes them.
    const owner = await registeredAccount(api, owners, 'Owner', { verified: true });
    const mine = await call(api, 'GET', '/api/me/export', { token: owner.idToken });
    expect((mine.json.contactMessages as { subject: string }[]).map((m) => m.subject).sort()).toEqual([
      'Again',
      'Library cards',
    ]);
    expect(mine.json).not.toHaveProperty('contactMessagesNote');
    await call(api, 'DELETE', '/api/me', { token: owner.idToken, body: { confirm: DELETE_CONFIRMATION } });
    expect(await messagesTo(owners)).toEqual([]);
  });

  it('follows a sign-in whose email changed: the new address on the account, nothing of the old one’s', async () => {
    const stamp = Date.now();
    const victim = `victim-${stamp}@example.com`;
    const mine = `attacker-${stamp}@example.com`;
    // Anyone may write to the team from any address, no sign-in needed.
    const sent = await call(api, 'POST', '/api/inquiries', {
      body: { name: 'Vic', email: victim, subject: 'Help', message: 'My child has dyslexia, please call.' },
    });
    expect(sent.status).toBe(201);
    // Registered with the victim's address (never confirmed), then changed to one they own through
    // the identity service's verify-and-change-email flow: the new token says verified.
    const squatter = await registeredAccount(api, victim, 'Not Vic');
    const changed = await changeEmailAtEmulator({
      idToken: squatter.idToken,
      email: victim,
      newEmail: mine,
      password: 'correct horse battery staple',
    });
    expect(changed.uid).toBe(squatter.uid);

    const exported = await call(api, 'GET', '/api/me/export', { token: changed.idToken });
    expect(exported.status).toBe(200);
    expect(JSON.stringify(exported.json)).not.toContain('dyslexia');
    expect(exported.json).toMatchObject({ account: { email: mine }, contactMessages: [] });
    // The account took the sign-in's address on that request, and the team sees the change.
    const [row] = await database.db.select().from(users).where(eq(users.id, squatter.user.id));
    expect(row?.email).toBe(mine);
    const changes = await database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entityId} = ${squatter.user.id} and ${auditLog.action} = 'user.email_change'`);
    expect(changes.map((c) => c.details)).toEqual([{ from: victim, to: mine }]);
    // Asked again, nothing more changes.
    await call(api, 'GET', '/api/me', { token: changed.idToken });
    expect(
      await database.db.select().from(auditLog).where(eq(auditLog.action, 'user.email_change')),
    ).toHaveLength(1);

    // Deleting the family leaves the victim's message in the team's inbox.
    const gone = await call(api, 'DELETE', '/api/me', {
      token: changed.idToken,
      body: { confirm: DELETE_CONFIRMATION },
    });
    expect(gone.status).toBe(200);
    const left = await database.db.select().from(inquiries).where(eq(inquiries.email, victim));
    expect(left.map((m) => m.subject)).toEqual(['Help']);
    // The audit log keeps the change, under a pseudonym for both addresses the account had.
    const [kept] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.id, changes[0]?.id ?? ''));
    expect(kept?.details).toEqual({
      from: expect.stringMatching(/^deleted account \w+$/),
      to: expect.stringMatching(/^deleted account \w+$/),
    });

    // The real owner of the address registers, and their message is theirs.
    const owner = await registeredAccount(api, victim, 'Vic', { verified: true });
    const theirs = await call(api, 'GET', '/api/me/export', { token: owner.idToken });
    expect((theirs.json.contactMessages as { subject: string }[]).map((m) => m.subject)).toEqual(['Help']);
  });

  it('lets the verified owner of an address register while another account still names it', async () => {
    const stamp = Date.now();
    const address = `moved-${stamp}@example.com`;
    // An account whose sign-in gave the address up, and has not signed in since.
    const stale = await registeredAccount(api, undefined, 'Stale');
    await database.db.update(users).set({ email: address }).where(eq(users.id, stale.user.id));
    // Unconfirmed, the address is refused; confirmed by the identity service, it is this person's.
    const guess = await signInAccount(address);
    const unconfirmed = await call(api, 'POST', '/api/user/loginRegister', {
      token: guess.idToken,
      body: { registration: { displayName: 'Guess', acceptPrivacyPolicy: true } },
    });
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.json.error?.code).toBe('email_in_use');
    // (The identity service holds an address once: that sign-in goes before the owner's is made.)
    await createSignInAccountDeleter({ apiKey: 'emulator-key', emulatorHost: EMULATOR_HOST })(guess.idToken);
    const owner = await registeredAccount(api, `Moved-${stamp}@example.com`, 'Owner', { verified: true });
    expect(owner.user.id).not.toBe(stale.user.id);
    // The stale account takes its sign-in's own address again on its next request.
    const me = await call(api, 'GET', '/api/me', { token: stale.idToken });
    expect(me.json.email).toBe(stale.email);
  });

  it('asks for the confirmation phrase and a recent sign-in before deleting anything', async () => {
    const f = await family(1);
    for (const body of [{}, { confirm: 'yes' }, { confirm: DELETE_CONFIRMATION.toUpperCase() }]) {
      const res = await call(api, 'DELETE', '/api/me', { token: f.token, body });
      expect(res.status).toBe(400);
      expect(res.json.error?.fields).toHaveProperty(['confirm']);
    }
    const now = Math.floor(Date.now() / 1000);
    const old = new UnsecuredJWT({
      iss: `https://securetoken.google.com/${PROJECT_ID}`,
      aud: PROJECT_ID,
      sub: f.uid,
      email: f.email,
      iat: now - 60,
      exp: now + 3000,
      auth_time: now - 3600,
    }).encode();
    const stale = await call(api, 'DELETE', '/api/me', {
      token: old,
      body: { confirm: DELETE_CONFIRMATION },
    });
    expect(stale.status).toBe(401);
    expect(stale.json.error?.code).toBe('reauthentication_required');
    expect(await database.db.select().from(users).where(eq(users.id, f.user.id))).toHaveLength(1);
  });

  it('deletes the account, the sign-in and everything about the family', async () => {
    const f = await family(2);
    const draft = await call(api, 'POST', '/api/me/blogs', {
      token: f.token,
      body: { title: 'Our week', contentHtml: '<p>We read every day.</p>', childId: f.childId },
    });
    expect(draft.status).toBe(201);
    const res = await call(api, 'DELETE', '/api/me', {
      token: f.token,
      body: { confirm: DELETE_CONFIRMATION },
    });
    expect(res.status).toBe(200);
    const counts = await database.db.execute(sql`
      select (select count(*) from users where id = ${f.user.id})::int as users,
             (select count(*) from children where user_id = ${f.user.id})::int as children,
             (select count(*) from notifications where child_id = ${f.childId})::int as notifications,
             (select count(*) from blogs where author_id = ${f.user.id} or child_id = ${f.childId})::int as blogs`);
    expect((counts as unknown as { rows: unknown[] }).rows[0]).toEqual({
      users: 0,
      children: 0,
      notifications: 0,
      blogs: 0,
    });
    expect(
      await database.db
        .select()
        .from(blogs)
        .where(inArray(blogs.id, [String(draft.json.id)])),
    ).toHaveLength(0);

    // The sign-in account is gone too: the emulator no longer signs this email in.
    const signIn = await fetch(
      `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: f.email,
          password: 'correct horse battery staple',
          returnSecureToken: true,
        }),
      },
    );
    expect(signIn.ok).toBe(false);
  });

  it('never lets the last administrator delete themselves', async () => {
    const res = await call(api, 'DELETE', '/api/me', {
      token: adminToken,
      body: { confirm: DELETE_CONFIRMATION },
    });
    expect(res.status).toBe(409);
    expect(await database.db.select().from(users).where(eq(users.role, 'admin'))).toHaveLength(1);
  });
});
