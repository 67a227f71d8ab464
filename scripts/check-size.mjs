#!/usr/bin/env node
// Short files, short functions (docs/architecture.md), checked on every `npm test`:
//  1. No source file over 300 lines, but for the data files listed below, each with its reason.
//  2. No function (declaration, expression, arrow, method; a React component too) whose body spans
//     more than 60 lines.
// Reads src/**/*.{ts,tsx} and scripts/**/*.{mjs,ts} (tests left out: a test file is a list of cases),
// and src/**/*.astro for its length only (a page's frontmatter is not parsed for functions).
// Prints each file and function over its limit with where it is; exits 1 if any.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAX_FILE_LINES, MAX_FUNCTION_LINES, measure } from './checkSize.mjs';

/** Files that are data rather than code, so long by nature: the path, and why. */
const DATA_FILES = new Map([
  ['src/features/demo/demoContent.ts', 'the demo copy: posts, books and events that `npm start` seeds'],
  [
    'src/platform/db/schema.server.ts',
    'the table schema: one declaration a table, which drizzle-kit reads whole',
  ],
]);

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const TEST = /\.test\.(ts|tsx|mjs)$/;

function walk(dir, pattern, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, pattern, out);
    else if (pattern.test(name) && !TEST.test(name)) out.push(path);
  }
  return out;
}

const files = [
  ...walk(join(root, 'src'), /\.(ts|tsx|astro)$/),
  ...walk(join(root, 'scripts'), /\.(mjs|ts)$/),
];
const longFiles = [];
const longFunctions = [];
for (const file of files) {
  const path = relative(root, file).split('\\').join('/');
  const found = measure(path, readFileSync(file, 'utf8'), {
    dataFile: DATA_FILES.has(path),
    parse: !path.endsWith('.astro'),
  });
  if (found.fileLines) longFiles.push(`${path}: ${found.fileLines} lines`);
  for (const f of found.longFunctions) longFunctions.push(`${path}:${f.line} ${f.name}: ${f.lines} lines`);
}

if (longFiles.length + longFunctions.length > 0) {
  if (longFiles.length > 0) {
    console.error(`✖ ${longFiles.length} file(s) over ${MAX_FILE_LINES} lines:`);
    for (const line of longFiles) console.error(`- ${line}`);
    console.error(
      `  Split each by role (docs/architecture.md): its pure rules, schemas, service parts, routes.\n`,
    );
  }
  if (longFunctions.length > 0) {
    console.error(`✖ ${longFunctions.length} function(s) whose body is over ${MAX_FUNCTION_LINES} lines:`);
    for (const line of longFunctions) console.error(`- ${line}`);
    console.error(
      '  Split each into named steps that read as the rule they implement (a component into smaller ones).',
    );
  }
  process.exit(1);
}
console.log(
  `✔ Size: ${files.length} files, none over ${MAX_FILE_LINES} lines (data files aside: ${[...DATA_FILES.keys()].join(', ')}); no function over ${MAX_FUNCTION_LINES} lines.`,
);
