// Validates HTML with the project's html-validate rules (.htmlvalidate.json), the same check the
// end-to-end suite runs on every public page (tests/e2e/htmlValidity.spec.ts).
//
//   node scripts/validate-html.mjs                 every page of the build (dist/client/**/*.html)
//   node scripts/validate-html.mjs some/folder     every .html file under a folder
//   node scripts/validate-html.mjs http://127.0.0.1:4321/blogs ...   pages of a running server
//   node scripts/validate-html.mjs --summary ...   one line a page: its error count
//
// Exits 1 when any page has an error.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { formatProblems, htmlProblems } from './htmlValidity.mjs';

const args = process.argv.slice(2);
const summary = args.includes('--summary');
const targets = args.filter((a) => a !== '--summary');
if (targets.length === 0) targets.push('dist/client');

/** @param {string} dir @returns {string[]} */
function htmlFiles(dir) {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.html'))
    .map((name) => join(dir, name))
    .sort();
}

/** @type {{ page: string; html: string }[]} */
const pages = [];
for (const target of targets) {
  if (/^https?:\/\//.test(target)) {
    const response = await fetch(target, { redirect: 'follow' });
    pages.push({ page: `${target} (${response.status})`, html: await response.text() });
  } else if (statSync(target, { throwIfNoEntry: false })?.isDirectory()) {
    for (const file of htmlFiles(target))
      pages.push({ page: relative(target, file), html: readFileSync(file, 'utf8') });
  } else {
    pages.push({ page: target, html: readFileSync(target, 'utf8') });
  }
}
if (pages.length === 0) {
  console.error(`✖ No HTML found in ${targets.join(', ')}. Run \`npm run build\` first.`);
  process.exit(1);
}

let total = 0;
for (const { page, html } of pages) {
  const problems = await htmlProblems(html, page);
  total += problems.length;
  if (summary) console.log(`${String(problems.length).padStart(4)}  ${page}`);
  else if (problems.length > 0) console.log(`${formatProblems(problems)}\n`);
}
console.log(
  total === 0
    ? `✔ ${pages.length} pages, no HTML errors.`
    : `✖ ${total} HTML errors in ${pages.length} pages.`,
);
process.exit(total === 0 ? 0 : 1);
