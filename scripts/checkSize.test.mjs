import { describe, expect, it } from 'vitest';
import { functionsOf, lineCount, MAX_FILE_LINES, MAX_FUNCTION_LINES, measure } from './checkSize.mjs';

/** A body of `n` lines, braces included: `{`, n - 2 statements, `}`. */
const body = (n) => `{\n${'  work();\n'.repeat(n - 2)}}`;

describe('lineCount', () => {
  it('counts the last line with or without a final line break', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a')).toBe(1);
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\nb')).toBe(2);
  });
});

describe('functionsOf', () => {
  it('measures a body from its opening brace to its closing one, not the signature', () => {
    const code = `export function plan(\n  a: number,\n  b: number,\n): void ${body(5)}\n`;
    expect(functionsOf('x.ts', code)).toEqual([{ name: 'plan', line: 1, lines: 5 }]);
  });

  it('names arrows, expressions and methods by what holds them', () => {
    const code = [
      'const load = async () => {};',
      'const view = function () {};',
      'class Queue { send() {} }',
      'const api = { get() {} };',
      "app.get('/', (c) => {});",
    ].join('\n');
    expect(functionsOf('x.ts', code).map((f) => [f.name, f.line])).toEqual([
      ['load', 1],
      ['view', 2],
      ['Queue.send', 3],
      ['api.get', 4],
      ['callback of app.get', 5],
    ]);
  });

  it('reads a React component in a .tsx file as a function, its JSX in its body', () => {
    const code = `export function Card() {\n  return (\n    <div>\n      <p>hi</p>\n    </div>\n  );\n}\n`;
    expect(functionsOf('Card.tsx', code)).toEqual([{ name: 'Card', line: 1, lines: 7 }]);
  });

  it('counts a nested function inside its outer one, and lists it too', () => {
    const code = `function outer() {\n  const inner = () => ${body(4)};\n}\n`;
    expect(functionsOf('x.mjs', code)).toEqual([
      { name: 'outer', line: 1, lines: 6 },
      { name: 'inner', line: 2, lines: 4 },
    ]);
  });
});

describe('measure', () => {
  const long = (n) => 'x;\n'.repeat(n);

  it('reports a file only over the limit, and never a listed data file', () => {
    expect(measure('a.ts', long(MAX_FILE_LINES)).fileLines).toBeUndefined();
    expect(measure('a.ts', long(MAX_FILE_LINES + 1)).fileLines).toBe(MAX_FILE_LINES + 1);
    expect(measure('a.ts', long(MAX_FILE_LINES + 1), { dataFile: true }).fileLines).toBeUndefined();
  });

  it('reports a function only when its body is over the limit', () => {
    const code = `function fits() ${body(MAX_FUNCTION_LINES)}\nfunction over() ${body(MAX_FUNCTION_LINES + 1)}\n`;
    expect(measure('a.ts', code).longFunctions.map((f) => f.name)).toEqual(['over']);
  });

  it('counts an .astro file’s lines without reading its functions', () => {
    const page = `---\nconst f = () => ${body(MAX_FUNCTION_LINES + 1)};\n---\n<p>hi</p>\n`;
    expect(measure('page.astro', page, { parse: false })).toEqual({
      fileLines: undefined,
      longFunctions: [],
    });
  });
});
