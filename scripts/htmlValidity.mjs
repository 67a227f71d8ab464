// The HTML checks shared by scripts/validate-html.mjs and tests/e2e/htmlValidity.spec.ts: one
// validator, configured by .htmlvalidate.json (html-validate's recommended rules; see
// docs/architecture.md, "Valid HTML"), and one way to print what it finds.
import { readFileSync } from 'node:fs';
import { HtmlValidate } from 'html-validate';

/** @type {import('html-validate').ConfigData} */
export const htmlValidateConfig = JSON.parse(
  readFileSync(new URL('../.htmlvalidate.json', import.meta.url), 'utf8'),
);

const validator = new HtmlValidate(htmlValidateConfig);

/**
 * @typedef {object} HtmlProblem
 * @property {string} page     the page's path or file
 * @property {number} line
 * @property {number} column
 * @property {string} rule     the html-validate rule, e.g. attr-case
 * @property {string} message
 * @property {string} where    the element (a CSS selector) and the markup around it: pages are minified onto a few lines
 */

/**
 * What html-validate finds wrong in one page's HTML; an empty list when it is valid.
 * @param {string} html
 * @param {string} page
 * @returns {Promise<HtmlProblem[]>}
 */
export async function htmlProblems(html, page) {
  const report = await validator.validateString(html, page);
  return [
    ...gluedWords(html, page),
    ...report.results.flatMap((result) =>
      result.messages.map((m) => {
        const start = Math.max(0, m.offset - 60);
        const excerpt = html
          .slice(start, m.offset + Math.max(m.size, 1) + 60)
          .replace(/\s+/g, ' ')
          .trim();
        return {
          page,
          line: m.line,
          column: m.column,
          rule: m.ruleId,
          message: m.message,
          where: `${m.selector ?? ''}  …${excerpt}…`.trim(),
        };
      }),
    ),
  ];
}

/**
 * A word run into a link or emphasis ("through our<a" or "contact page</a>within"): Astro drops a line
 * break between an element and the text beside it, so a sentence split there loses its space.
 * @param {string} html
 * @param {string} page
 * @returns {HtmlProblem[]}
 */
function gluedWords(html, page) {
  const inline = 'a|strong|em|b|i|code|abbr|time';
  const after = new RegExp(`<\\/(${inline})>(?=\\p{L})`, 'gu');
  const before = new RegExp(`(?<=[\\p{L}\\p{N},.;:!?])<(${inline})[\\s>]`, 'gu');
  return [...html.matchAll(after), ...html.matchAll(before)].map((m) => {
    const upTo = html.slice(0, m.index);
    return {
      page,
      line: upTo.split('\n').length,
      column: m.index - upTo.lastIndexOf('\n'),
      rule: 'glued-words',
      message: `A word runs into <${m[0].startsWith('</') ? '/' : ''}${m[1]}>: put a space (or {' '}) between them in the source.`,
      where: html.slice(Math.max(0, m.index - 60), m.index + 20).replace(/\s+/g, ' '),
    };
  });
}

/**
 * One line a problem, grouped by page: `page:line:column  rule  message`, then where it is.
 * @param {HtmlProblem[]} problems
 */
export function formatProblems(problems) {
  return problems
    .map((p) => `${p.page}:${p.line}:${p.column}  ${p.rule}  ${p.message}\n    at ${p.where}`)
    .join('\n');
}
