import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { findPage } from './routes';

// Page links are written with pagePath (routes.ts), never by hand, so that a renamed or missing page
// is a type error wherever it is linked. This test reads the pages, layouts, features and islands
// and lists every string that points at a page of the site: '/profile', `/admin/users/${id}`,
// `/blogs?after=${cursor}`. Left alone, because they are not links: a page's pattern where one is
// expected (pagePath's first argument, ProtectedLayout's `route`, an admin section's `matches`,
// anything with `{id}`), API paths (`/api/...`, and the paths under /api that the contracts in
// `*.api.ts` and the routes in `*.routes.ts` name), files and feeds ('/blogs/rss.xml', an event's
// .ics), imports, CSS and comments, and the tests themselves, which state the paths they expect. A
// lone '/' is a link only as an href: elsewhere it is a separator.

const SCANNED = ['src/pages', 'src/layouts', 'src/features', 'src/islands'];

interface Literal {
  /** Where the string starts in the scanned text. */
  at: number;
  text: string;
  /** Given where a page's pattern is expected, so not a link. */
  pattern: boolean;
  /** The value of an href. */
  href: boolean;
}

/** The page a string points at, if any: a substitution that fills a segment is an id, one glued on ends the path. */
function pageOf(text: string): string | undefined {
  const marked = text.replace(/\$\{[^}]*\}/g, '{}');
  if (marked.includes('{id}')) return undefined;
  const path = (marked.split(/[?#]/)[0] ?? '').replaceAll('/{}', '/x').split('{}')[0] ?? '';
  if (!path.startsWith('/') || /\.[a-z0-9]+$/i.test(path)) return undefined;
  return findPage(path)?.path;
}

const nameOf = (node: ts.Node | undefined) =>
  node && (ts.isIdentifier(node) || ts.isStringLiteral(node)) ? node.text : undefined;

/** Is this string given where a page's pattern is expected? */
function isPatternPlace(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isCallExpression(parent) && parent.arguments[0] === node) {
    const callee = ts.isPropertyAccessExpression(parent.expression)
      ? parent.expression.name
      : parent.expression;
    return nameOf(callee) === 'pagePath';
  }
  if (ts.isArrayLiteralExpression(parent) && ts.isPropertyAssignment(parent.parent))
    return nameOf(parent.parent.name) === 'matches';
  return ts.isJsxAttribute(parent) && nameOf(parent.name) === 'route';
}

/** Is this string an href, as a JSX attribute or an object's property? */
function isHref(node: ts.Node): boolean {
  const parent = ts.isJsxExpression(node.parent) ? node.parent.parent : node.parent;
  return (ts.isJsxAttribute(parent) || ts.isPropertyAssignment(parent)) && nameOf(parent.name) === 'href';
}

/** Every string and template in TypeScript code (comments skipped), a template's substitutions as `{}`. */
function codeLiterals(code: string, tsx: boolean): Literal[] {
  const kind = tsx ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile('scanned.ts', code, ts.ScriptTarget.Latest, true, kind);
  const found: Literal[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    let text: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    if (ts.isTemplateExpression(node))
      text = node.head.text + node.templateSpans.map((span) => `{}${span.literal.text}`).join('');
    if (text !== undefined)
      found.push({ at: node.getStart(source), text, pattern: isPatternPlace(node), href: isHref(node) });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every quoted path in an Astro template's markup, with what stands just before it. */
function markupLiterals(markup: string): Literal[] {
  return [...markup.matchAll(/(["'`])(\/[^"'`\s<>]*)/g)].map((match) => {
    const before = markup.slice(Math.max(0, match.index - 12), match.index);
    return {
      at: match.index,
      text: match[2] ?? '',
      pattern: /(\broute=|pagePath\(\s*)$/.test(before),
      href: /href=\{?$/.test(before),
    };
  });
}

/** A text with the parts outside the given ranges blanked (or, with `keep` false, those inside), lines kept. */
function onlyRanges(text: string, ranges: [number, number][], keep = true): string {
  const blank = (part: string) => part.replace(/[^\n]/g, ' ');
  let out = '';
  let at = 0;
  for (const [start, end] of ranges) {
    out += keep ? blank(text.slice(at, start)) : text.slice(at, start);
    out += keep ? text.slice(start, end) : blank(text.slice(start, end));
    at = end;
  }
  return out + (keep ? blank(text.slice(at)) : text.slice(at));
}

/** An Astro file's strings: its frontmatter and scripts read as code, the rest (styles aside) as markup. */
function astroLiterals(text: string): Literal[] {
  const code: [number, number][] = [];
  const front = /^---\r?\n([\s\S]*?)\r?\n---/d.exec(text)?.indices?.[1];
  if (front) code.push(front);
  for (const match of text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/dg)) {
    const body = match.indices?.[1];
    if (body) code.push(body);
  }
  const styles = [...text.matchAll(/<style\b[^>]*>[\s\S]*?<\/style>/dg)].map((m) => m.indices?.[0]);
  const hidden = [...code, ...styles.filter((r) => r !== undefined)].sort((a, b) => a[0] - b[0]);
  return [...codeLiterals(onlyRanges(text, code), false), ...markupLiterals(onlyRanges(text, hidden, false))];
}

/** The links to pages typed by hand in one file: `file:line text`. */
function handTypedLinks(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const literals = file.endsWith('.astro') ? astroLiterals(text) : codeLiterals(text, file.endsWith('.tsx'));
  return literals.flatMap((literal) => {
    const page = pageOf(literal.text);
    if (!page || literal.pattern) return [];
    if (literal.text === '/' && !literal.href) return [];
    const line = text.slice(0, literal.at).split('\n').length;
    return [`${file}:${line} ${literal.text} (pagePath('${page}'))`];
  });
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx|astro)$/.test(f) && !/\.(test|d|api|routes)\.tsx?$/.test(f))
    .map((f) => join(dir, f))
    .sort();
}

describe('page links', () => {
  it('are written with pagePath, not by hand', () => {
    const found = SCANNED.flatMap(sourceFiles).flatMap(handTypedLinks);
    expect(found, 'hand-typed page links: write pagePath(pattern, id?, { query, hash })').toEqual([]);
  });

  it('tell a page from a pattern, a file, an API path and a separator', () => {
    expect(pageOf('/profile')).toBe('/profile');
    expect(pageOf('/admin/users/{}')).toBe('/admin/users/{id}');
    expect(pageOf('/reading-plan/{}{}')).toBe('/reading-plan/{id}');
    expect(pageOf('/blogs{}')).toBe('/blogs');
    expect(pageOf('/podcast#episode-{}')).toBe('/podcast');
    expect(pageOf('/events/{}')).toBe('/events/{id}');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template as Astro markup gives it, unread
    expect(pageOf('/updateBooks/${id}')).toBe('/updateBooks/{id}');
    for (const notPage of [
      '/admin/users/{id}',
      '/blogs/rss.xml',
      '/events/{}.ics',
      '/api/blogs',
      '/admin/',
      'x',
    ])
      expect(pageOf(notPage), notPage).toBeUndefined();
  });

  it('can reach every page under src/pages: each is a page pagePath knows, or serves a file', () => {
    for (const file of readdirSync('src/pages', { recursive: true, encoding: 'utf8' })) {
      if (!/\.(astro|ts)$/.test(file) || /^(404|500)\.astro$/.test(file)) continue;
      if (file.endsWith('.ts')) {
        // Endpoints: the API, stored media, and files with a type of their own (rss.xml, .ics, .png).
        expect(/^(api|media)\/|\.[a-z]+\.ts$/.test(file), file).toBe(true);
        continue;
      }
      const pattern = `/${file.replace(/\.astro$/, '').replace(/(^|\/)index$/, '')}`.replace(
        /\[id\]/g,
        '{id}',
      );
      expect(findPage(pattern.replaceAll('{id}', 'x'))?.path, file).toBe(pattern);
    }
  });
});
