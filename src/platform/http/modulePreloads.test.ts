import { describe, expect, it } from 'vitest';
import { closureOf, moduleGraphOf, pageEntries, staticImportsOf, withModulePreloads } from './modulePreloads';

const graph = moduleGraphOf([
  [
    '/_astro/Plan.js',
    'import{a as b}from"./shell.js";import"./contracts.js";const x=()=>import("./lazy.js");',
  ],
  ['/_astro/shell.js', 'import{r}from"./runtime.js";export{r}'],
  ['/_astro/contracts.js', 'export{z}from"./runtime.js"'],
  ['/_astro/runtime.js', 'var r=1;export{r}'],
  ['/_astro/lazy.js', 'import"./big.js"'],
  ['/_astro/big.js', ''],
  ['/_astro/Nav.js', 'import{a}from"./shell.js"'],
  ['/_astro/renderer.js', 'import{a}from"./shell.js"'],
]);

// A page's head script whose own import loads the identity service later, as EarlySession's does.
const withEarly = moduleGraphOf([
  ['/_astro/early.js', 'import{s}from"./session.js";s()'],
  ['/_astro/session.js', 'export const s=()=>import(`./lazy.js`)'],
  ['/_astro/lazy.js', 'import"./big.js"'],
  ['/_astro/big.js', ''],
  ['/_astro/Plan.js', 'const x=()=>import("./lazy.js")'],
  ['/_astro/renderer.js', ''],
]);

const island = (component: string, client: string) =>
  `<astro-island uid="1" component-url="${component}" renderer-url="/_astro/renderer.js" client="${client}" ssr></astro-island>`;
const page = (body: string) =>
  `<!doctype html><html><head><title>t</title><script type="module" src="/_astro/runtime.js"></script></head><body>${body}</body></html>`;

describe('the static graph of the built scripts', () => {
  it('follows static imports and re-exports, never dynamic imports', () => {
    expect(staticImportsOf('/_astro/Plan.js', 'import{a}from"./shell.js";import("./lazy.js")')).toEqual([
      '/_astro/shell.js',
    ]);
    expect(graph.imports.get('/_astro/contracts.js')).toEqual(['/_astro/runtime.js']);
    expect(graph.later.get('/_astro/Plan.js')).toEqual(['/_astro/lazy.js']);
    expect(closureOf(graph, ['/_astro/Plan.js'])).toEqual([
      '/_astro/Plan.js',
      '/_astro/shell.js',
      '/_astro/runtime.js',
      '/_astro/contracts.js',
    ]);
  });

  it('takes the eager islands and the module scripts of a page, not those that wait', () => {
    const html = page(island('/_astro/Plan.js', 'load') + island('/_astro/Nav.js', 'idle'));
    expect(pageEntries(html)).toEqual(['/_astro/runtime.js', '/_astro/Plan.js', '/_astro/renderer.js']);
  });
});

describe('withModulePreloads', () => {
  it('asks for every script the eager islands import, in the head, once, leaving out what the head has', () => {
    const html = withModulePreloads(page(island('/_astro/Plan.js', 'load')), graph);
    const head = html.slice(0, html.indexOf('</head>'));
    const links = [...head.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);
    expect(links).toEqual([
      '/_astro/Plan.js',
      '/_astro/shell.js',
      '/_astro/contracts.js',
      '/_astro/renderer.js',
    ]);
    expect(html).not.toContain('lazy.js');
    expect(withModulePreloads(html, graph)).toBe(html);
  });

  it("asks for what the page's own scripts load later, not what its islands load later", () => {
    const head = (src: string) =>
      `<!doctype html><html><head><script type="module" src="${src}"></script></head><body></body></html>`;
    const html = withModulePreloads(
      head('/_astro/early.js').replace('</body>', `${island('/_astro/Plan.js', 'load')}</body>`),
      withEarly,
    );
    const links = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);
    // Right after the script that loads them: on a visit without a kept token, they come first.
    expect(links).toEqual([
      '/_astro/session.js',
      '/_astro/lazy.js',
      '/_astro/big.js',
      '/_astro/Plan.js',
      '/_astro/renderer.js',
    ]);
    expect(withModulePreloads(page(island('/_astro/Plan.js', 'load')), withEarly)).not.toContain('lazy.js');
  });

  it('asks, on a signed-in page only, for the contracts its islands load with their first call', () => {
    const islands = moduleGraphOf([
      ['/_astro/Log.js', 'import{f}from"./forms.js";const api=()=>import(`./api-reading.X1_a-b.js`)'],
      [
        '/_astro/forms.js',
        'const family=()=>import("./api-family.Q2.js");const signIn=()=>import("./signInForms.js")',
      ],
      ['/_astro/api-reading.X1_a-b.js', 'import{z}from"./contracts.js"'],
      ['/_astro/api-family.Q2.js', 'import{z}from"./contracts.js"'],
      ['/_astro/contracts.js', ''],
      ['/_astro/signInForms.js', ''],
      ['/_astro/renderer.js', ''],
    ]);
    const signedIn = `<!doctype html><html><head><script data-early-requests data-api-base="">1</script></head><body>${island('/_astro/Log.js', 'load')}</body></html>`;
    const links = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);
    // After the islands' own code, which runs first; a file that is not a feature's contracts waits.
    expect(links(withModulePreloads(signedIn, islands))).toEqual([
      '/_astro/Log.js',
      '/_astro/forms.js',
      '/_astro/renderer.js',
      '/_astro/api-reading.X1_a-b.js',
      '/_astro/contracts.js',
      '/_astro/api-family.Q2.js',
    ]);
    expect(links(withModulePreloads(page(island('/_astro/Log.js', 'load')), islands))).toEqual([
      '/_astro/Log.js',
      '/_astro/forms.js',
      '/_astro/renderer.js',
    ]);
  });

  it('leaves a page without eager islands, or without a head, as it is', () => {
    const quiet = page(island('/_astro/Nav.js', 'idle')).replace(
      '<script type="module" src="/_astro/runtime.js"></script>',
      '',
    );
    expect(withModulePreloads(quiet, graph)).toBe(quiet);
    expect(withModulePreloads('<p>no head</p>', graph)).toBe('<p>no head</p>');
  });
});
