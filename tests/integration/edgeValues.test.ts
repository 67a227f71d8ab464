import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnyContract } from '../../src/platform/http/contract';
import { contracts, defOf, limitsOf, type Schema, shapeOf, valid } from '../support/apiInputs';
import { adminAccount, call, familyWithChild, fileApi, guideAccount } from './harness';

// Every operation of the API, with a body its schema accepts and then one field at a time (and
// every query and path parameter) set to a value databases refuse or misread: a NUL, a lone
// surrogate, the bounds of its range and just past them. Never a 5xx; what is refused is refused
// with 400 naming the field; a date that is accepted comes back as the same date.

const { api } = await fileApi({ media: 'edge-values' });
type Token = string | undefined;
const tokens: Record<AnyContract['access'], Token> = {
  public: undefined,
  identity: '',
  account: '',
  admin: '',
  guide: '',
};
/** Ids to fill each path parameter with, by collection path: made in the seed phase below. */
const made = new Map<string, string>();
let address = 0;
/** Each request from its own address: per-address limits only bite where they are tested. */
const nextAddress = () => `198.51.100.${(++address % 250) + 1}`;

const operations = [...contracts.values()]
  // The webhook's credential is a signature over its raw body; its own tests send edge values.
  .filter((op) => op.operationId !== 'paymentWebhook')
  // Creates first, then reads and changes, then actions (cancel, review), deletions last (the
  // account's own last of all), so each finds what it changes.
  .sort((a, b) => rank(a) - rank(b));

function rank(op: AnyContract) {
  const action = op.path.slice(1).includes('/{');
  if (op.method === 'post') return action ? 2 : 0;
  if (op.method !== 'delete') return 1;
  return op.path === '/me' ? 4 : 3;
}

const partsOf = (op: AnyContract) =>
  op.request as { params?: Schema; query?: Schema; body?: { content: Record<string, { schema: Schema }> } };
const bodySchemaOf = (op: AnyContract) => partsOf(op).body?.content['application/json']?.schema;

const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

/**
 * The path with each parameter filled with an item made earlier, by the collection it names
 * (`/admin/events/{id}` → what `POST /admin/events` made), or with an id nothing has.
 */
function fill(path: string, given: Record<string, string> = {}): string {
  let filled = path;
  for (const [, name = ''] of path.matchAll(/\{(\w+)\}/g)) {
    const before = path.slice(0, path.indexOf(`{${name}}`)).replace(/\/$/, '');
    const id = given[name] ?? made.get(`${before}/{${name}}`) ?? made.get(before) ?? made.get(`{${name}}`);
    filled = filled.replace(`{${name}}`, id ?? NO_SUCH_ID);
  }
  return filled;
}

const send = (op: AnyContract, path: string, body?: unknown) =>
  call(api, op.method.toUpperCase(), `/api${path}`, {
    ...(tokens[op.access] ? { token: tokens[op.access] as string } : {}),
    ...(body !== undefined ? { body } : {}),
    address: nextAddress(),
  });

/** Where the item a body's `…Id` field names was made. */
const MADE_AT: Record<string, string> = {
  childId: '/children',
  planId: '/admin/plans',
  eventId: '/admin/events',
  bookId: '/admin/books',
  passageId: '/admin/passages',
};

/**
 * A sampled body made plausible: each `…Id` names a real item (so the operation gets past "no such
 * thing") and moments are ahead, in the order of the fields (an event starts before it ends).
 */
function plausible(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  let hour = 0;
  const fields = Object.entries(body).map(([key, value]) => {
    const id = MADE_AT[key] && made.get(MADE_AT[key]);
    if (id) return [key, id];
    if (isInstant(value)) return [key, new Date(Date.UTC(2099, 5, 14, 15 + hour++)).toISOString()];
    return [key, value];
  });
  return Object.fromEntries(fields);
}

/** Bodies the operation's schema accepts, the same on every run. */
function samples(op: AnyContract, count: number): unknown[] {
  const schema = bodySchemaOf(op);
  if (!schema) return [undefined];
  return fc
    .sample(valid(schema), { numRuns: 200, seed: 20_261_127 })
    .map(plausible)
    .filter((v) => schema.safeParse(v).success)
    .slice(0, count);
}

/** The first sampled body the API accepts (or the first the schema accepts): the baseline. */
async function baseline(op: AnyContract, path: string) {
  const bodies = samples(op, 25);
  for (const body of bodies) {
    const res = await send(op, path, body);
    if (res.status < 300) return { body, accepted: true, answer: res.json };
  }
  return { body: bodies[0], accepted: false, answer: null };
}

/** Keeps what a create answers, so later paths name a real item. */
function remember(op: AnyContract, path: string, answer: unknown) {
  const a = (answer ?? {}) as Record<string, unknown>;
  const inner = (key: string) => (a[key] as { id?: string } | undefined)?.id;
  const id = a.id ?? a._id ?? inner('data') ?? inner('entry');
  if (op.method === 'post' && typeof id === 'string') made.set(path, id);
  if (typeof a.orderId === 'string') made.set('/orders', a.orderId);
  if (typeof a.url === 'string' && a.url.includes('/calendar/'))
    made.set('/calendar/{token}', a.url.split('/calendar/')[1]?.split('/')[0] ?? '');
}

// ---------------------------------------------------------------------------------------------
// The values.

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800b';
const INSTANTS_IN = ['1900-01-01T00:00:00.000Z', '2200-12-31T23:59:59.999Z'];
const INSTANTS_OUT = [
  '1899-12-31T23:59:59.999Z',
  '2201-01-01T00:00:00.000Z',
  '0000-01-01T00:00:00Z',
  '0001-06-01T10:00:00Z',
  '0099-06-01T10:00:00Z',
  '9999-12-31T23:59:59Z',
];
const DAYS_IN = ['1900-01-01', '2200-12-31'];
const DAYS_OUT = ['1899-12-31', '2201-01-01', '0001-06-01', '0099-06-01', '9999-12-31'];
const isInstant = (v: unknown) => typeof v === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(v);
const isDayText = (v: unknown) => typeof v === 'string' && /^\d{4}-\d\d-\d\d$/.test(v);

interface Edge {
  value: unknown;
  /** Must be refused with 400 naming the field. */
  refused: boolean;
}

/** The edge values of one field, from its schema and the value it had in an accepted body. */
function edgesOf(schema: Schema | undefined, example: unknown): Edge[] {
  const refuse = (values: unknown[]) => values.map((value) => ({ value, refused: true }));
  const allow = (values: unknown[]) => values.map((value) => ({ value, refused: false }));
  // The bounds may be refused by a narrower rule (no reading day before 2000); the example, which
  // was accepted, must come back as sent too. A field that takes a moment among other things ("now",
  // or null for a draft) is tried with moments too.
  if (isInstant(example) || takesMoments(schema, example))
    return [
      ...refuse([NUL, LONE_SURROGATE, ...INSTANTS_OUT]),
      ...allow(isInstant(example) ? [...INSTANTS_IN, example] : INSTANTS_IN),
    ];
  if (isDayText(example))
    return [...refuse([NUL, LONE_SURROGATE, ...DAYS_OUT]), ...allow([...DAYS_IN, example])];
  if (typeof example === 'string') {
    const max = schema ? limitsOf(defOf(schema)).maxLength : undefined;
    const lengths = max !== undefined && max < 20_000 ? ['x'.repeat(max + 1)] : [];
    return refuse([NUL, LONE_SURROGATE, ...lengths]);
  }
  if (typeof example === 'number' && schema) {
    const limits = limitsOf(defOf(schema));
    const numbers = [
      limits.min,
      limits.max,
      limits.min !== undefined ? limits.min - 1 : -2_147_483_649,
      limits.max !== undefined ? limits.max + 1 : 2_147_483_648,
      1e300,
    ];
    return allow(numbers.filter((n) => n !== undefined));
  }
  return [];
}

/** A field whose schema takes a moment where its example was something else, and no plain text. */
const takesMoments = (schema: Schema | undefined, example: unknown) =>
  schema !== undefined &&
  !isDayText(example) &&
  schema.safeParse(INSTANTS_IN[1]).success &&
  !schema.safeParse('Maya').success &&
  !schema.safeParse('Maya reads a book about the sea every night.').success;

/** Each leaf of a value with its path and its schema (as far as the schema can be followed). */
interface Leaf {
  path: (string | number)[];
  value: unknown;
  schema?: Schema | undefined;
}

function* leaves(
  value: unknown,
  schema: Schema | undefined,
  path: (string | number)[] = [],
): Generator<Leaf> {
  if (Array.isArray(value)) {
    const element = schema ? elementOf(schema) : undefined;
    for (const [i, item] of value.entries()) yield* leaves(item, element, [...path, i]);
  } else if (typeof value === 'object' && value !== null) {
    const shape = schema ? shapeOf(schema) : undefined;
    for (const [key, item] of Object.entries(value)) yield* leaves(item, shape?.[key], [...path, key]);
  } else {
    yield { path, value, schema };
  }
}

function elementOf(schema: Schema): Schema | undefined {
  const def = defOf(schema);
  if (def.type === 'array') return def.element;
  return def.innerType ? elementOf(def.innerType) : undefined;
}

/** A copy of `value` with the leaf at `path` set to `to`. */
function withLeaf(value: unknown, path: (string | number)[], to: unknown): unknown {
  if (path.length === 0) return to;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = withLeaf(copy[head], rest, to);
  return copy;
}

/**
 * A copy of `value` with the moment at `path` set to `to`, and the moments beside it moved by as
 * much: an event moved to 1900 still ends an hour after it starts.
 */
function withMoment(value: unknown, path: (string | number)[], to: string): unknown {
  const parentPath = path.slice(0, -1);
  const parent = at(value, parentPath) as Record<string, unknown>;
  const shift = Date.parse(to) - Date.parse(String(parent[path.at(-1) as string]));
  if (Number.isNaN(shift)) return withLeaf(value, path, to);
  const moved = Object.fromEntries(
    Object.entries(parent).map(([key, v]) => [
      key,
      isInstant(v) ? new Date(Date.parse(String(v)) + shift).toISOString() : v,
    ]),
  );
  return withLeaf(value, parentPath, { ...moved, [path.at(-1) as string]: to });
}

/** The value at a path of an answer, if it has one there. */
const at = (answer: unknown, path: (string | number)[]) =>
  path.reduce<unknown>(
    (v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined),
    answer,
  );

const sameDate = (sent: unknown, got: unknown) =>
  isDayText(sent)
    ? got === sent || String(got).startsWith(`${sent}T`)
    : Date.parse(String(got)) === Date.parse(String(sent));

// ---------------------------------------------------------------------------------------------

interface Finding {
  operation: string;
  field: string;
  value: string;
  status: number;
  problem: string;
}
const findings: Finding[] = [];
type Answer = Awaited<ReturnType<typeof call>>;
const baselines = { accepted: 0, total: 0 };
let datesCompared = 0;

function report(op: AnyContract, field: string, edge: Edge, res: Answer, problem: string) {
  const value = JSON.stringify(edge.value);
  findings.push({ operation: op.operationId, field, value, status: res.status, problem });
}

function judge(op: AnyContract, field: string, edge: Edge, res: Answer) {
  if (res.status >= 500) report(op, field, edge, res, 'server error');
  else if (edge.refused && res.status !== 400) report(op, field, edge, res, 'not refused with 400');
  else if (edge.refused && !res.json.error?.fields?.[field])
    report(op, field, edge, res, '400 without the field named');
}

beforeAll(async () => {
  const admin = await adminAccount(api);
  const parent = await familyWithChild(api, { firstName: 'Edge', ageBand: '6-8', readingLevel: 'sprout' });
  // Another family for the admin's user routes, so changing or disabling it spares the caller.
  const target = await familyWithChild(api, { firstName: 'Target', ageBand: '6-8', readingLevel: 'sprout' });
  tokens.identity = parent.token;
  tokens.account = parent.token;
  tokens.admin = admin.idToken;
  tokens.guide = (await guideAccount(api, admin.idToken)).idToken;
  made.set('/children', parent.childId);
  made.set('/admin/users', target.userId);
  made.set('/admin/users/{id}/children/{childId}', target.childId);
  // Creates first: the items every later path names.
  for (const op of operations.filter((o) => o.method === 'post' && !o.path.slice(1).includes('/{'))) {
    const { accepted, answer } = await baseline(op, fill(op.path));
    if (accepted) remember(op, op.path, answer);
  }
  // An interview at a time the team is free.
  const slots = await call(api, 'GET', '/api/interviews/slots', { token: parent.token });
  const slot = (slots.json.slots as { startsAt: string }[] | undefined)?.[0]?.startsAt;
  const booked = await call(api, 'POST', '/api/interviews', {
    token: parent.token,
    body: { startsAt: slot },
  });
  if (typeof booked.json.id === 'string') made.set('/interviews', booked.json.id);
  // The public reads of what the team made, and the team's reads of what families sent.
  made.set('/admin/inquiries', made.get('/inquiries') ?? NO_SUCH_ID);
  made.set('{eventId}', made.get('/admin/events') ?? NO_SUCH_ID);
  made.set('/blogs', made.get('/admin/blogs') ?? NO_SUCH_ID);
}, 300_000);

describe('every operation, one field at a time at its edges', () => {
  it('never answers 5xx; refuses what cannot be stored with 400 naming the field; keeps dates as sent', async () => {
    for (const op of operations) {
      const path = fill(op.path);
      const base = await baseline(op, path);
      baselines.total += 1;
      if (base.accepted) baselines.accepted += 1;
      remember(op, op.path, base.answer);
      await bodyEdges(op, path, base.body);
      await queryEdges(op, path);
      await pathEdges(op);
    }
    expect(findings).toEqual([]);
    // Not a vacuous pass: most operations took a sampled body, and dates were compared.
    expect(baselines.accepted / baselines.total).toBeGreaterThan(0.6);
    expect(datesCompared).toBeGreaterThan(5);
  }, 600_000);
});

async function bodyEdges(op: AnyContract, path: string, body: unknown) {
  if (body === undefined || (op.path === '/me' && op.method === 'delete')) return;
  for (const leaf of [...leaves(body, bodySchemaOf(op))]) {
    const field = leaf.path.join('.');
    for (const edge of edgesOf(leaf.schema, leaf.value)) {
      const sent =
        isInstant(edge.value) && !edge.refused
          ? withMoment(body, leaf.path, String(edge.value))
          : withLeaf(body, leaf.path, edge.value);
      const res = await send(op, path, sent);
      judge(op, field, edge, res);
      if (res.status < 300 && (isInstant(edge.value) || isDayText(edge.value))) {
        // The answer names the field where the body did, or inside the record it answers.
        const got = at(res.json, leaf.path) ?? at(res.json, ['entry', ...leaf.path]);
        if (got === undefined) continue;
        datesCompared += 1;
        if (!sameDate(edge.value, got)) report(op, field, edge, res, `came back as ${String(got)}`);
      }
    }
  }
}

/** A text as a URL carries it; a lone surrogate has no UTF-8 form, so its bytes are written as they would be. */
const inUrl = (text: string) =>
  encodeURIComponent(text.replace(/\ud800/g, '\u0001')).replace(/%01/g, '%ED%A0%80');

async function queryEdges(op: AnyContract, path: string) {
  const schema = partsOf(op).query;
  const shape = schema ? shapeOf(schema) : undefined;
  if (!shape) return;
  for (const [key, field] of Object.entries(shape)) {
    const example = fc.sample(valid(field, key), { numRuns: 1, seed: 7 })[0];
    const asNumber = typeof example === 'string' && /^-?\d+$/.test(example) ? Number(example) : example;
    for (const edge of edgesOf(field, typeof asNumber === 'number' ? asNumber : String(example ?? 'text'))) {
      const res = await send(op, `${path}?${key}=${inUrl(String(edge.value))}`);
      // A broken UTF-8 sequence reads as the text it is (its percent signs): nothing to refuse.
      judge(op, key, { ...edge, refused: edge.refused && edge.value !== LONE_SURROGATE }, res);
    }
  }
}

async function pathEdges(op: AnyContract) {
  for (const [, name = ''] of op.path.matchAll(/\{(\w+)\}/g)) {
    for (const value of [NUL, LONE_SURROGATE]) {
      const res = await send(op, fill(op.path, { [name]: inUrl(value) }));
      judge(op, name, { value, refused: value === NUL }, res);
    }
  }
}
