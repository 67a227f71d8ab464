// Reading the Dockerfile's runtime stage, for scripts/check-container.mjs (which replays it).

/** The runtime stage's instructions, continuation lines joined, comments left out. */
export function runtimeStage(dockerfile) {
  const lines = dockerfile
    .replace(/\s*\\\n\s*/g, ' ')
    .split('\n')
    .map((l) => l.trim());
  const start = lines.findIndex((l) => /^FROM\s+\S+\s+AS\s+runtime$/i.test(l));
  if (start < 0) throw new Error('the Dockerfile has no "FROM … AS runtime" stage');
  const steps = [];
  for (const line of lines.slice(start + 1)) {
    if (/^FROM\s/i.test(line)) break;
    if (line === '' || line.startsWith('#')) continue;
    const [, op = '', rest = ''] = /^(\w+)\s+(.*)$/.exec(line) ?? [];
    steps.push({ op: op.toUpperCase(), rest });
  }
  return steps;
}

/** `ENV A=1 B=two` → { A: '1', B: 'two' }. */
export const envOf = (rest) =>
  Object.fromEntries(
    [...rest.matchAll(/(\w+)=("[^"]*"|\S+)/g)].map(([, k, v]) => [k, v.replace(/^"|"$/g, '')]),
  );
/** The exec form of CMD and HEALTHCHECK: `[...]` after any options. */
export const execOf = (rest) => JSON.parse(rest.slice(rest.indexOf('[')));
