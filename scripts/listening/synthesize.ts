/** Makes the labelled set's audio with espeak-ng (Debian's package), cached by what was said and how. */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Audio, readWav, resample, withNoise } from './audio';
import type { Reading } from './labelledSet';

const CACHE = join(process.cwd(), '.cache', 'listening');

/** Whether espeak-ng is installed; the benchmark says how to install it when not. */
export function hasSynthesizer(): boolean {
  try {
    execFileSync('espeak-ng', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The reading's audio at `rate`, noise mixed in as the reading says; the clean audio beside it. */
export function readingAudio(reading: Reading, rate: number): { audio: Audio; clean: Audio } {
  mkdirSync(CACHE, { recursive: true });
  const key = createHash('sha256')
    .update(JSON.stringify([reading.said, reading.voice, reading.pitch, reading.speed]))
    .digest('hex')
    .slice(0, 16);
  const file = join(CACHE, `${key}.wav`);
  if (!existsSync(file)) {
    const args = ['-m', '-v', reading.voice, '-s', String(reading.speed), '-p', String(reading.pitch)];
    execFileSync('espeak-ng', [...args, '-w', file, reading.said]);
  }
  const clean = resample(readWav(readFileSync(file)), rate);
  const audio =
    reading.snrDb === null ? clean : withNoise(clean, reading.snrDb, Number.parseInt(key.slice(0, 8), 16));
  return { audio, clean };
}
