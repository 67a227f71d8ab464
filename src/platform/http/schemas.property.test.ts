import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contracts, inputs, isSchema, type Schema, shapeOf, valid } from '../../../tests/support/apiInputs';

/**
 * Property tests of the API's input schemas (fast-check): for every operation of every contract the
 * API mounts, the zod schemas of its path parameters, query and JSON body
 *  - answer any input with a result, never an exception (safeParse of arbitrary values, of JSON, and
 *    of objects with the schema's own keys holding random values), and
 *  - give back what they accepted: an accepted value sent again (as JSON for a body, as a URL carries
 *    a query or a path for the others) parses to the same value.
 * Every schema exported by a `*.schema.ts` module (answers, which the browser parses with them,
 * and form schemas too) is held to the first property.
 */

const schemaModules = import.meta.glob<Record<string, unknown>>('/src/**/*.schema.ts', { eager: true });
// The sources, to check that no contract escapes the list (one defined outside an exported object).
const sources = import.meta.glob<string>(['/src/**/*.ts', '!/src/**/*.test.ts'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

const exportedSchemas = Object.entries(schemaModules).flatMap(([file, module]) =>
  Object.entries(module)
    .filter((entry): entry is [string, Schema] => isSchema(entry[1]))
    .map(([name, schema]) => ({ name: `${file.replace('/src/', '')} ${name}`, schema })),
);

/** Keys that trip naive object handling, beside the schema's own. */
const AWKWARD_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', ''];

/** Any JSON (what a body can hold). */
const anyJson = fc.jsonValue({ maxDepth: 3 });

/** Any JavaScript value fast-check makes: boxed values, dates, maps, sets, sparse arrays, null prototypes. */
const anyValue = fc.anything({
  maxDepth: 3,
  key: fc.oneof(fc.string(), fc.constantFrom(...AWKWARD_KEYS)),
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
});

/** Objects with the schema's own keys (and some others) holding random values, or values of their kind. */
function shapedInput(schema: Schema): fc.Arbitrary<unknown> {
  const shape = shapeOf(schema);
  if (!shape) return anyJson;
  const keys = Object.keys(shape);
  const field = (key: string) =>
    fc.oneof(
      valid(shape[key] as Schema, key),
      anyJson,
      fc.constantFrom(null, '', 0, -0, [], {}, '  ', 'NaN'),
    );
  return fc
    .tuple(
      fc.record(Object.fromEntries(keys.map((key) => [key, field(key)])), { requiredKeys: [] }),
      fc.dictionary(fc.oneof(fc.constantFrom(...AWKWARD_KEYS), fc.string({ maxLength: 6 })), anyJson, {
        maxKeys: 2,
      }),
    )
    .map(([own, extra]) => ({ ...extra, ...own }));
}

// ---------------------------------------------------------------------------------------------
// Sending a value again, as a client would.

/** A JSON body: what JSON.stringify writes and the server's JSON.parse reads back. */
const viaJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value) ?? 'null');

/** A value as a URL carries it: its text (objects as JSON, as no browser would write them). */
function text(value: unknown): string {
  if (typeof value !== 'object' || value === null) return String(value);
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '[object]';
  }
}

/**
 * A query or a path as it arrives: each value as text (as src/platform/client/api.ts writes it,
 * String(value); an array as the key repeated, which only other clients send) and read as Hono's
 * validator reads it (one string a key, an array for a repeated key). Empty values are kept: the
 * browser's client leaves them out, but `?after=` is a URL anyone can send.
 */
function viaUrl(value: unknown): unknown {
  const search = new URLSearchParams();
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      for (const one of Array.isArray(item) ? item : [item]) {
        if (one !== undefined && one !== null) search.append(key, text(one));
      }
    }
  }
  const read: Record<string, string | string[]> = {};
  for (const key of new Set(search.keys())) {
    const all = search.getAll(key);
    read[key] = all.length === 1 ? (all[0] as string) : all;
  }
  return read;
}

/** A safeParse that must not throw: an exception fails the property with the input that caused it. */
function parse(schema: Schema, value: unknown) {
  return schema.safeParse(value);
}

const RUNS = { throws: 60, roundTrip: 120, examples: 300, exported: 40 };

describe('the contracts the API mounts', () => {
  it('are all found: every contract in the source is exported from an *.api.ts module', () => {
    // `contract('someOperation', ...)` anywhere under src/ (calls that pass the id through are
    // found by their exports alone).
    const declared = Object.values(sources).flatMap((text) =>
      [...text.matchAll(/\bcontract\(\s*'([A-Za-z0-9]+)'/g)].map((m) => m[1] as string),
    );
    expect(declared.length).toBeGreaterThan(100);
    expect(declared.filter((id) => !contracts.has(id))).toEqual([]);
    expect(inputs.length).toBeGreaterThan(100);
  });
});

describe.each(inputs)('$name', ({ part, schema }) => {
  it('answers any input with a result, never an exception', () => {
    fc.assert(
      fc.property(fc.oneof(anyValue, anyJson, shapedInput(schema), valid(schema)), (value) => {
        const result = parse(schema, value);
        expect(typeof result.success).toBe('boolean');
      }),
      { numRuns: RUNS.throws },
    );
  });

  it('parses what it accepted, sent again, to the same value', () => {
    const send = part === 'body' ? viaJson : viaUrl;
    // Values the schema accepts, found the same way on every run, so the property never checks
    // nothing; fast-check tries them first, then values of its own.
    const examples = fc
      .sample(valid(schema), { numRuns: RUNS.examples, seed: 20_260_614 })
      .filter((value) => parse(schema, send(value)).success)
      .slice(0, 10);
    expect(
      examples.length,
      'no generated value was accepted: improve valid() for this schema',
    ).toBeGreaterThan(0);
    fc.assert(
      fc.property(fc.oneof({ weight: 4, arbitrary: valid(schema) }, shapedInput(schema)), (value) => {
        const first = parse(schema, send(value));
        if (!first.success) return;
        const again = parse(schema, send(first.data));
        expect(again.success ? again.data : again.error.issues).toEqual(first.data);
      }),
      { numRuns: RUNS.roundTrip, examples: examples.map((value) => [value]) },
    );
  });
});

describe('every schema a *.schema.ts module exports', () => {
  it.each(exportedSchemas)('$name answers any input with a result, never an exception', ({ schema }) => {
    fc.assert(
      fc.property(fc.oneof(anyValue, shapedInput(schema), valid(schema)), (value) => {
        expect(typeof parse(schema, value).success).toBe('boolean');
      }),
      { numRuns: RUNS.exported },
    );
  });
});
