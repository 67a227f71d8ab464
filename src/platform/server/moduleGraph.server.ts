import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ModuleGraph, moduleGraphOf } from '~/platform/http/modulePreloads';

/** The built site's scripts (`/_astro/x.js`) and what each imports; empty without a build. */
export function builtModuleGraph(clientDir: string): ModuleGraph {
  const dir = join(clientDir, '_astro');
  if (!existsSync(dir)) return { imports: new Map(), later: new Map() };
  const names = readdirSync(dir).filter((name) => name.endsWith('.js'));
  return moduleGraphOf(
    names.map((name) => [`/_astro/${name}`, readFileSync(join(dir, name), 'utf8')] as const),
  );
}
