// The recognizer's US-English acoustic model (from the soundswallower package) as files of the
// built site, under a name made of their digest: /_astro/listening-<digest>/…, cached for a year
// like every hashed asset and precompressed by the build (scripts/build-server.mjs). Only the
// practice page's listening worker asks for them; `__LISTENING_MODEL__` tells it where they are.
// The pronouncing dictionary is not among them: the API gives a passage's own words (a few
// hundred bytes) instead of the whole 3.3 MB file.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Decoder setting → the model's file, and the name it is served under. */
const FILES = {
  featparams: ['feat_params.json', 'feat_params.json'],
  mdef: ['mdef', 'mdef.bin'],
  mean: ['means', 'means.bin'],
  var: ['variances', 'variances.bin'],
  sendump: ['sendump', 'sendump.bin'],
  tmat: ['transition_matrices', 'transition_matrices.bin'],
  fdict: ['noisedict.txt', 'noisedict.txt'],
};
/** The decoder needs a dictionary file to start; the passage's words are added to it later. */
const EMPTY_DICTIONARY = 'a AH\n';

function modelDir() {
  return join(dirname(createRequire(import.meta.url).resolve('soundswallower')), 'model', 'en-us');
}

/** The model's files, their served names and bytes, and the folder they are served from. */
export function listeningModel() {
  const dir = modelDir();
  const hash = createHash('sha256');
  const files = Object.entries(FILES).map(([setting, [source, name]]) => {
    const body = readFileSync(join(dir, source));
    hash.update(`${name}\0`).update(body);
    return { setting, name, body };
  });
  files.push({ setting: 'dict', name: 'dict.txt', body: Buffer.from(EMPTY_DICTIONARY) });
  const base = `/_astro/listening-${hash.digest('hex').slice(0, 10)}/`;
  return { base, files };
}

/**
 * A Vite plugin: the model's files in the client build (and from node_modules under `astro dev`),
 * and `__LISTENING_MODEL__` = { base, files: { setting: name }, bytes } in the browser's code.
 */
export function listeningModelFiles() {
  const model = listeningModel();
  const manifest = {
    base: model.base,
    files: Object.fromEntries(model.files.map((f) => [f.setting, f.name])),
    bytes: model.files.reduce((sum, f) => sum + f.body.byteLength, 0),
  };
  return {
    name: 'quillreads:listening-model',
    config: () => ({ define: { __LISTENING_MODEL__: JSON.stringify(manifest) } }),
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const file =
          req.url?.startsWith(model.base) && model.files.find((f) => req.url === model.base + f.name);
        if (!file) return next();
        res.setHeader(
          'Content-Type',
          file.name.endsWith('.json') ? 'application/json' : 'application/octet-stream',
        );
        res.end(file.body);
      });
    },
    generateBundle(options) {
      // Astro builds the server too; the files belong to the client's.
      if (this.environment?.name === 'ssr' || options.dir?.includes('server')) return;
      for (const file of model.files)
        this.emitFile({ type: 'asset', fileName: `${model.base.slice(1)}${file.name}`, source: file.body });
    },
  };
}
