import { createHash, randomUUID } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import type { Db } from '~/platform/db/client.server';
import { idempotencyKeys } from '~/platform/db/schema.server';
import { conflict, DomainError } from '~/platform/errors';
import type { ApiDeps, ApiEnv } from './context.server';
import { clientAddress } from './middleware.server';
import { isUploadPath } from './uploads';

/** The request header a browser sends with a create: the same value for every send of one submission. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const KEY_SHAPE = /^[A-Za-z0-9_-]{16,100}$/;

/** The header as the OpenAPI document shows it, on every POST operation (`route()` adds it). */
export const idempotencyParameter = {
  name: IDEMPOTENCY_HEADER,
  in: 'header',
  required: false,
  description:
    'Send the same key to retry one create safely: the first answer is returned again (marked `Idempotent-Replayed: true`) and nothing is made twice. Use a new key (a UUID, say) for each submission and the same one for every retry of it. The same key with another JSON body or query answers 409; an uploaded file is not compared, so a new file needs a new key. A key is remembered for a day, for the caller who sent it.',
  schema: { type: 'string', minLength: 16, maxLength: 100, pattern: KEY_SHAPE.source },
} as const;
/** How long an answer is kept for a repeat of its request. */
const KEEP_MS = 24 * 60 * 60_000;
/** A claim whose request has not answered in this long is abandoned (a crash): another send takes it over. */
const ABANDONED_MS = 60_000;
/** How long a repeat waits for the first send to finish before saying it is still being handled. */
const WAIT_MS = 10_000;
const POLL_MS = 100;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Who is asking: the account, the signed-in identity, or for a public route the address. */
function callerOf(c: Context<ApiEnv>, deps: Pick<ApiDeps, 'trustedProxies'>): string {
  const user = c.get('user') as { id: string } | undefined;
  if (user) return `user:${user.id}`;
  const identity = c.get('identity') as { uid: string } | undefined;
  if (identity) return `uid:${identity.uid}`;
  return `address:${clientAddress(c, deps)}`;
}

/**
 * What the request asks for: a JSON body's hash (other bodies, uploads, are streamed by their route
 * and not read here), and the query's, when there is one: a read-aloud attempt names its passage
 * and its time there, so another attempt sent with the same key is another request. Only a body
 * the API has already read within its limit is hashed: on an upload path (the webhook's too) the
 * route reads its own body with its own limit, and reading it here would have none.
 */
async function fingerprintOf(c: Context<ApiEnv>): Promise<string> {
  const type = c.req.header('content-type') ?? '';
  const hashed = /^application\/json\b/i.test(type) && !isUploadPath(c.req.path);
  const body = hashed ? sha256(await c.req.text()) : `type:${type}`;
  const query = new URL(c.req.url).search;
  return query ? `${body} query:${sha256(query)}` : body;
}

type Claim = { owner: string } | { replay: Response };

/**
 * Makes a POST that carries an Idempotency-Key happen once for the one who sent it. Mounted by
 * `route()` after the access check, so a repeat is answered only to the same caller (the account,
 * or the address for a public route), and only for the same body and query. The first send claims
 * the key and, when it succeeds, keeps its answer; a repeat gets that answer again, marked
 * `Idempotent-Replayed: true`, without running the route. A send that fails gives the key back, so
 * the corrected form goes through. The same key with another body or query is refused (409). A
 * claim left by a request that never answered is taken over after a minute. Requests without the
 * header are untouched.
 */
export function idempotency(deps: Pick<ApiDeps, 'db' | 'trustedProxies'>): MiddlewareHandler<ApiEnv> {
  const { db } = deps;
  return async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (c.req.method !== 'POST' || key === undefined) return next();
    if (!KEY_SHAPE.test(key)) {
      throw new DomainError('bad_request', `The ${IDEMPOTENCY_HEADER} header is not one this site makes.`, {
        [IDEMPOTENCY_HEADER]: 'Use 16 to 100 letters, digits, hyphens or underscores.',
      });
    }
    const route = `POST ${c.req.path} ${sha256(callerOf(c, deps))}`;
    const fingerprint = await fingerprintOf(c);
    // Old answers go now and then, not on every create.
    if (Math.random() < 0.05) {
      await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(Date.now() - KEEP_MS)));
    }

    const claim = await claimOrReplay(db, key, route, fingerprint);
    if ('replay' in claim) return claim.replay;
    const owned = and(
      eq(idempotencyKeys.key, key),
      eq(idempotencyKeys.route, route),
      eq(idempotencyKeys.owner, claim.owner),
    );

    await next();
    const { status } = c.res;
    const contentType = c.res.headers.get('Content-Type') ?? '';
    const keepable = status >= 200 && status < 300 && (status === 204 || /json|text/i.test(contentType));
    try {
      if (keepable) {
        const body = status === 204 ? null : await c.res.clone().text();
        await db.update(idempotencyKeys).set({ status, body, contentType }).where(owned);
      } else {
        await db.delete(idempotencyKeys).where(owned);
      }
    } catch (error) {
      // The create is made: its answer goes out even if it could not be kept for a repeat.
      console.warn('[idempotency] the answer could not be kept', (error as Error).name);
    }
  };
}

/** Claims the key for this request, or answers with what the first send of it answered. */
async function claimOrReplay(db: Db, key: string, route: string, fingerprint: string): Promise<Claim> {
  const mine = and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.route, route));
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const owner = randomUUID();
    const [claimed] = await db
      .insert(idempotencyKeys)
      .values({ key, route, fingerprint, owner })
      .onConflictDoNothing()
      .returning({ owner: idempotencyKeys.owner });
    if (claimed) return { owner };

    const [first] = await db.select().from(idempotencyKeys).where(mine);
    if (!first) continue; // The first send failed and gave the key back: claim it again.
    if (first.fingerprint !== fingerprint) {
      throw conflict(`That ${IDEMPOTENCY_HEADER} was already used for another request.`, 'conflict', {
        [IDEMPOTENCY_HEADER]: 'Send a new key with a new request.',
      });
    }
    if (first.status !== null) {
      return {
        replay: new Response(first.status === 204 ? null : first.body, {
          status: first.status,
          headers: {
            'Content-Type': first.contentType ?? 'application/json',
            'Cache-Control': 'no-store',
            'Idempotent-Replayed': 'true',
          },
        }),
      };
    }
    // Still running: take it over if it was abandoned, otherwise wait for its answer.
    const [taken] = await db
      .update(idempotencyKeys)
      .set({ owner, createdAt: new Date() })
      .where(
        and(
          mine,
          isNull(idempotencyKeys.status),
          lt(idempotencyKeys.createdAt, new Date(Date.now() - ABANDONED_MS)),
        ),
      )
      .returning({ owner: idempotencyKeys.owner });
    if (taken) return { owner };
    if (Date.now() > deadline) {
      throw conflict('That request is still being handled. Wait a moment, then look again before resending.');
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
