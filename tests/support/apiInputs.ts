import fc from 'fast-check';
import type * as z from 'zod';
import type { AnyContract } from '../../src/platform/http/contract';

// The API's operations and values their schemas accept, read from the contracts themselves: the
// property tests of the schemas (src/platform/http/schemas.property.test.ts) and of the whole API
// (tests/integration/edgeValues.test.ts) share them.

// The contracts, as the API and the browser's client read them: every `*.api.ts` module's exports.
const apiModules = import.meta.glob<Record<string, unknown>>('/src/**/*.api.ts', { eager: true });

export type Schema = z.ZodType;
export type Part = 'params' | 'query' | 'body';
export interface Input {
  name: string;
  part: Part;
  schema: Schema;
}

export const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && '_zod' in value && 'safeParse' in value;

const isContract = (value: unknown): value is AnyContract =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as AnyContract).operationId === 'string' &&
  typeof (value as AnyContract).path === 'string' &&
  typeof (value as AnyContract).request === 'object';

function contractsIn(value: unknown, found: Map<string, AnyContract>, seen = new Set<unknown>()) {
  if (typeof value !== 'object' || value === null || seen.has(value) || isSchema(value)) return;
  seen.add(value);
  if (isContract(value)) {
    found.set(value.operationId, value);
    return;
  }
  for (const inner of Object.values(value)) contractsIn(inner, found, seen);
}

export const contracts = new Map<string, AnyContract>();
for (const module of Object.values(apiModules)) contractsIn(module, contracts);

/** The JSON body's schema, the query's and the path's, of every operation that takes them. */
export const inputs: Input[] = [...contracts.values()].flatMap((contract) => {
  const request = contract.request as {
    params?: unknown;
    query?: unknown;
    body?: { content: Record<string, { schema: unknown }> };
  };
  const found: Input[] = [];
  const add = (part: Part, schema: unknown) => {
    if (isSchema(schema)) found.push({ name: `${contract.operationId} ${part}`, part, schema });
  };
  add('params', request.params);
  add('query', request.query);
  add('body', request.body?.content['application/json']?.schema);
  return found;
});

// ---------------------------------------------------------------------------------------------
// Values shaped like a schema, read from zod's own description of it (`_zod.def`).

export interface Def {
  type: string;
  format?: string;
  pattern?: RegExp;
  coerce?: boolean;
  checks?: { _zod: { def: CheckDef } }[];
  shape?: Record<string, Schema>;
  innerType?: Schema;
  element?: Schema;
  in?: Schema;
  out?: Schema;
  options?: Schema[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  keyType?: Schema;
  valueType?: Schema;
  items?: Schema[];
  left?: Schema;
  right?: Schema;
  getter?: () => Schema;
}
interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number | bigint;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}
export const defOf = (schema: Schema) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The bounds and formats a schema's checks set (zod 4 keeps them on each check). */
export function limitsOf(def: Def) {
  const limits: {
    minLength: number;
    maxLength?: number;
    min?: number;
    max?: number;
    int: boolean;
    patterns: RegExp[];
  } = { minLength: 0, int: def.format === 'safeint' || def.format === 'int32', patterns: [] };
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === 'min_length' && c.minimum !== undefined) limits.minLength = c.minimum;
    if (c.check === 'max_length' && c.maximum !== undefined) limits.maxLength = c.maximum;
    if (c.check === 'length_equals' && c.length !== undefined) {
      limits.minLength = c.length;
      limits.maxLength = c.length;
    }
    if (c.check === 'greater_than') limits.min = Number(c.value) + (c.inclusive ? 0 : 1);
    if (c.check === 'less_than') limits.max = Number(c.value) - (c.inclusive ? 0 : 1);
    if (c.check === 'number_format' && (c.format === 'safeint' || c.format === 'int32')) limits.int = true;
    if (c.check === 'string_format' && c.pattern) limits.patterns.push(c.pattern);
  }
  return limits;
}

/** Texts people type: words, punctuation, accents, line breaks and a little of anything. */
const typedText = fc
  .array(
    fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('read', 'Maya', 'space', 'book', 'Théo', 'Ünal', '42') },
      { weight: 2, arbitrary: fc.constantFrom(' ', ', ', '. ', '-', '\n', '  ') },
      { weight: 1, arbitrary: fc.string({ maxLength: 4 }) },
      { weight: 1, arbitrary: fc.string({ maxLength: 3, unit: 'grapheme' }) },
    ),
    { maxLength: 8 },
  )
  .map((parts) => parts.join(''));

/** Addresses as people have them, and now and then any address RFC 5322 allows. */
const emailText = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.constantFrom('maya', 'Theo.Ng', 'a+b', 'x_1'), fc.domain())
      .map(([local, domain]) => `${local}@${domain}`),
  },
  fc.emailAddress(),
);

/**
 * https addresses: a domain, a path and now and then a query or a fragment. (fast-check's webUrl
 * takes seconds to build its first arbitrary; these are the addresses the site is given anyway.)
 */
const httpsUrl = fc
  .tuple(
    fc.domain(),
    fc.array(fc.stringMatching(/^[\w.~-]{1,12}$/), { maxLength: 3 }),
    fc.constantFrom('', '', '?a=1&b=%C3%A9', '#top', '.mp3'),
  )
  .map(([domain, path, tail]) => `https://${domain}/${path.join('/')}${tail}`);

const instantText = fc
  .date({ min: new Date('2000-01-01'), max: new Date('2090-01-01'), noInvalidDate: true })
  .map((d) => d.toISOString());
/** A day, mostly in the past (a reading log's days) and sometimes today (the family's own date). */
const dayText = fc.oneof(
  fc
    .date({ min: new Date('2000-01-01'), max: new Date(Date.now() - 86_400_000), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  fc.constant(new Date().toISOString().slice(0, 10)),
);

/**
 * Texts of the kind a field's name says, for plain strings whose checks are refinements fast-check
 * cannot read (a day, an address, a country); anything else is typed text.
 */
function textFor(key: string | undefined): fc.Arbitrary<string> | undefined {
  if (!key) return undefined;
  if (/url$/i.test(key)) return httpsUrl;
  if (/email/i.test(key)) return emailText;
  if (/country/i.test(key)) return fc.constantFrom('GB', 'US', 'ie', 'fr ');
  if (/isbn/i.test(key)) return fc.constantFrom('9780306406157', '0-306-40615-2', '978 1 4028 9462 6', '');
  if (/(On|^today|^day|Day)$/.test(key)) return dayText;
  if (/At$/.test(key)) return instantText;
  return undefined;
}

/** Texts a pattern matches; built once a pattern (a Unicode class takes a while to build). */
const patternTexts = new Map<string, fc.Arbitrary<string>>();
function matching(pattern: RegExp): fc.Arbitrary<string> {
  const key = pattern.toString();
  let texts = patternTexts.get(key);
  if (!texts) {
    texts = fc.stringMatching(pattern);
    patternTexts.set(key, texts);
  }
  return texts;
}

/** Texts for a string schema, from its format, pattern and length. */
function unnamedText(def: Def, limits: ReturnType<typeof limitsOf>): fc.Arbitrary<string> {
  const { minLength } = limits;
  const maxLength = Math.min(limits.maxLength ?? 60, Math.max(minLength, 60));
  const fit = (text: string) => text.length >= minLength && text.length <= (limits.maxLength ?? 1e9);
  const pattern = limits.patterns[0] ?? def.pattern;
  switch (def.format) {
    case 'uuid':
    case 'guid':
      return fc.uuid({ version: [4, 7] });
    case 'email':
      return emailText.filter(fit);
    case 'url':
      return httpsUrl;
    case 'datetime':
      return instantText;
    case 'date':
      return dayText;
    default:
      if (pattern) return matching(pattern).filter(fit);
      return fc
        .oneof(
          { weight: 3, arbitrary: typedText },
          { weight: 1, arbitrary: fc.string({ minLength, maxLength }) },
        )
        .map((text) => (text.trim().length >= minLength ? text : `${text}${'a'.repeat(minLength)}`))
        .map((text) => text.slice(0, limits.maxLength ?? text.length));
  }
}

const BIG = 1_000_000;
const OPTIONAL = ['optional', 'default', 'prefault'];

/**
 * Values the schema will mostly accept: each field of its kind and within its bounds, optional
 * fields sometimes left out. Refinements across fields (superRefine) are not modelled: the schema
 * refuses some of these, which the properties below also want to see. `key` is the field's name.
 */
export function valid(schema: Schema, key?: string, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const limits = limitsOf(def);
  const inner = (next: Schema | undefined) => valid(next as Schema, key, depth);
  switch (def.type) {
    case 'string': {
      const fit = (text: string) =>
        text.length >= limits.minLength && text.length <= (limits.maxLength ?? Number.POSITIVE_INFINITY);
      const named = textFor(key);
      if (named) return fc.oneof({ weight: 4, arbitrary: named.filter(fit) }, unnamedText(def, limits));
      return unnamedText(def, limits);
    }
    case 'number': {
      const min = Math.max(limits.min ?? -BIG, -BIG);
      const max = Math.min(limits.max ?? BIG, BIG);
      const number = limits.int
        ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
        : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
      return def.coerce ? fc.oneof(number, number.map(String)) : number;
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'literal':
      return fc.constantFrom(...(def.values ?? []));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'optional':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner(def.innerType);
    case 'nullable':
      return fc.oneof({ weight: 4, arbitrary: inner(def.innerType) }, fc.constant(null));
    case 'pipe': {
      // A string checked, then handed to a stricter string schema (an email): the stricter one's
      // values. Anything that changes kind on the way (a transform) takes the first schema's.
      const from = defOf(def.in as Schema).type;
      return from === defOf(def.out as Schema).type ? inner(def.out) : inner(def.in);
    }
    case 'lazy':
      return depth > 3 ? fc.constant(null) : valid((def.getter as () => Schema)(), key, depth + 1);
    case 'array':
      return fc.array(valid(def.element as Schema, key, depth + 1), {
        minLength: limits.minLength,
        maxLength: Math.min(limits.maxLength ?? 4, Math.max(limits.minLength, 4)),
      });
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map((item) => valid(item, key, depth + 1)));
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => inner(option)));
    case 'intersection':
      return inner(def.left);
    case 'record':
      return fc.dictionary(
        valid(def.keyType as Schema, undefined, depth + 1).map(String),
        valid(def.valueType as Schema, undefined, depth + 1),
        { maxKeys: 3 },
      );
    case 'object': {
      const shape = def.shape ?? {};
      const fields = Object.fromEntries(
        Object.entries(shape).map(([name, field]) => [name, valid(field, name, depth + 1)]),
      );
      const requiredKeys = Object.entries(shape)
        .filter(([, field]) => !OPTIONAL.includes(defOf(field).type))
        .map(([name]) => name);
      return fc.record(fields, { requiredKeys, noNullPrototype: true });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** The object schema inside a schema (through refinements, pipes and wrappers), if there is one. */
export function shapeOf(schema: Schema): Record<string, Schema> | undefined {
  const def = defOf(schema);
  if (def.type === 'object') return def.shape;
  if (def.type === 'pipe') return shapeOf(def.in as Schema);
  if (def.innerType) return shapeOf(def.innerType);
  return undefined;
}
