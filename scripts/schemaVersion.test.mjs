import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { schemaVersion } from './schemaVersion.mjs';

const roots = [];
/** A project whose src/ holds `files` (path → content). */
function project(files) {
  const root = mkdtempSync(join(tmpdir(), 'schema-version-'));
  roots.push(root);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, 'src', path, '..'), { recursive: true });
    writeFileSync(join(root, 'src', path), content);
  }
  return root;
}
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('the schema version kept copies are read under', () => {
  const files = {
    'features/a/a.schema.ts': 'export const a = 1;',
    'features/b/b.schema.ts': 'export const b = 2;',
    'features/a/a.ts': 'export const rule = 1;',
  };

  it('is the same for the same schemas, whatever else changes', () => {
    const version = schemaVersion(project(files));
    expect(version).toMatch(/^[0-9a-f]{12}$/);
    expect(schemaVersion(project({ ...files, 'features/a/a.ts': 'export const rule = 2;' }))).toBe(version);
  });

  it('changes with the modules a schema imports, followed to the end', () => {
    const imports = {
      'features/a/a.schema.ts':
        "import { LEVELS } from '~/platform/domain';\nimport { q } from './questions';",
      'features/a/questions.ts': "export { q } from '../b/deep';",
      'features/b/deep.ts': 'export const q = 1;',
      'platform/domain.ts': "export const LEVELS = ['seed'];",
      'platform/unrelated.ts': 'export const x = 1;',
    };
    const version = schemaVersion(project(imports));
    for (const path of ['features/b/deep.ts', 'platform/domain.ts'])
      expect(schemaVersion(project({ ...imports, [path]: 'export const changed = 2;' })), path).not.toBe(
        version,
      );
    expect(schemaVersion(project({ ...imports, 'platform/unrelated.ts': 'export const x = 2;' }))).toBe(
      version,
    );
  });

  it('refuses to make a version from a folder without schemas', () => {
    expect(() => schemaVersion(project({ 'features/a/a.ts': '' }))).toThrow(/No \*\.schema\.ts/);
  });

  it('changes when any schema changes, is added or is renamed', () => {
    const version = schemaVersion(project(files));
    expect(schemaVersion(project({ ...files, 'features/b/b.schema.ts': 'export const b = 3;' }))).not.toBe(
      version,
    );
    expect(schemaVersion(project({ ...files, 'features/c/c.schema.ts': '' }))).not.toBe(version);
    const { 'features/b/b.schema.ts': moved, ...rest } = files;
    expect(schemaVersion(project({ ...rest, 'features/c/b.schema.ts': moved }))).not.toBe(version);
  });
});
