import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envOf, execOf, runtimeStage } from './dockerfile.mjs';

describe('the Dockerfile’s runtime stage, as check-container replays it', () => {
  const steps = runtimeStage(readFileSync('Dockerfile', 'utf8'));
  const ops = steps.map((s) => s.op);

  it('installs production dependencies only, leaves root, checks readiness and starts the server', () => {
    expect(steps.find((s) => s.op === 'RUN' && s.rest.includes('npm ci'))?.rest).toContain('--omit=dev');
    expect(ops.indexOf('USER')).toBeGreaterThan(ops.lastIndexOf('RUN'));
    expect(execOf(steps.find((s) => s.op === 'HEALTHCHECK')?.rest ?? '').join(' ')).toContain('/api/health');
    expect(execOf(steps.find((s) => s.op === 'CMD')?.rest ?? '')).toEqual(['node', 'dist/server/main.mjs']);
    expect(envOf(steps.find((s) => s.op === 'ENV')?.rest ?? '')).toMatchObject({ APP_ENV: 'production' });
  });

  it('reads joined lines and quoted values, and refuses a file without the stage', () => {
    const stage = runtimeStage(
      'FROM a AS build\nRUN x\nFROM b AS runtime\n# note\nENV A="one two" \\\n  B=3\nCMD ["node"]\n',
    );
    expect(stage).toEqual([
      { op: 'ENV', rest: 'A="one two" B=3' },
      { op: 'CMD', rest: '["node"]' },
    ]);
    expect(envOf('A="one two" B=3')).toEqual({ A: 'one two', B: '3' });
    expect(() => runtimeStage('FROM node\nCMD ["node"]\n')).toThrow(/runtime/);
  });
});
