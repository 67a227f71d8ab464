import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { circlesOf, importsOf, islandCircles } from './check-architecture.mjs';

/** A file's absolute path, from its path in the repository. */
const at = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url));

describe('importsOf', () => {
  it('finds static, type-only, re-exported and dynamic imports', () => {
    const code = [
      "import { a } from './a';",
      "import type { B } from '~/islands/b';",
      "export { c } from '../c';",
      "const D = lazy(() => import('./D'));",
    ].join('\n');
    expect(importsOf(code)).toEqual([
      { spec: './a', runtime: true },
      { spec: '~/islands/b', runtime: false },
      { spec: '../c', runtime: true },
      { spec: './D', runtime: true },
    ]);
  });
});

describe('circlesOf', () => {
  it('finds each group of nodes that import each other, and nothing in a chain', () => {
    const edges = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a', 'd'])],
      ['d', new Set(['e'])],
      ['x', new Set(['y'])],
      ['y', new Set(['x'])],
    ]);
    expect(circlesOf(edges)).toEqual([
      ['a', 'b', 'c'],
      ['x', 'y'],
    ]);
  });
});

describe('islandCircles', () => {
  it('refuses two island files that import each other, even through a lazy import', () => {
    const booking = at('src/islands/interviews/InterviewBooking.tsx');
    const schedule = at('src/islands/interviews/ScheduleInterview.tsx');
    const graph = new Map([
      [booking, [{ target: schedule, runtime: true }]],
      [schedule, [{ target: booking, runtime: true }]],
    ]);
    const [problem, ...more] = islandCircles(graph);
    expect(more).toEqual([]);
    expect(problem).toContain('island files import each other in a circle');
    expect(problem).toContain(
      'src/islands/interviews/InterviewBooking.tsx → src/islands/interviews/ScheduleInterview.tsx: an import',
    );
  });

  it('counts type-only imports, and leaves out files beyond src/islands and tests', () => {
    const card = at('src/islands/events/Card.tsx');
    const hook = at('src/islands/events/useCard.ts');
    const store = at('src/features/events/events.store.ts');
    const test = at('src/islands/events/Card.test.tsx');
    const graph = new Map([
      [
        card,
        [
          { target: hook, runtime: true },
          { target: store, runtime: true },
        ],
      ],
      [hook, [{ target: card, runtime: false }]],
      [store, [{ target: card, runtime: true }]],
      [test, [{ target: card, runtime: true }]],
    ]);
    const problems = islandCircles(graph);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(
      'src/islands/events/useCard.ts → src/islands/events/Card.tsx: a type-only import',
    );
    expect(problems[0]).not.toContain('events.store');
  });
});
