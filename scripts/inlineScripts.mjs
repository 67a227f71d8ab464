// A Vite plugin: `import code from './file.ts?inline-script'` answers the module bundled on its own
// into one small classic script (an IIFE, minified), as text for an `is:inline` script element.
// For the few lines a page must run while its HTML is being read, before any file could arrive
// (decision 35): the head of a signed-in page sends its first requests with the last page's token.
// The text is the same on every page, so the Content-Security-Policy allows it by its hash like
// Astro's own inline scripts (src/platform/http/securityHeaders.server.ts).
import { fileURLToPath } from 'node:url';

const SUFFIX = '?inline-script';
const tsconfig = fileURLToPath(new URL('../tsconfig.json', import.meta.url));

/** Bundles `entry` as a classic script; answers its code and the files it read. */
async function bundle(entry) {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    minify: true,
    write: false,
    metafile: true,
    target: 'es2022',
    platform: 'browser',
    tsconfig,
    legalComments: 'none',
  });
  const code = result.outputFiles[0]?.text.trim() ?? '';
  // The text goes between <script> and </script> as it is.
  if (/<\/script/i.test(code)) throw new Error(`${entry}: an inline script cannot contain "</script"`);
  return { code, inputs: Object.keys(result.metafile.inputs) };
}

export function inlineScripts() {
  return {
    name: 'quillreads:inline-scripts',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith(SUFFIX)) return null;
      const resolved = await this.resolve(source.slice(0, -SUFFIX.length), importer, { skipSelf: true });
      return resolved ? `${resolved.id}${SUFFIX}` : null;
    },
    async load(id) {
      if (!id.endsWith(SUFFIX)) return null;
      const { code, inputs } = await bundle(id.slice(0, -SUFFIX.length));
      for (const input of inputs)
        this.addWatchFile(fileURLToPath(new URL(input, `file://${process.cwd()}/`)));
      return `export default ${JSON.stringify(code)};`;
    },
  };
}
