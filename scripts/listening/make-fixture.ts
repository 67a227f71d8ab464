/**
 * Makes tests/fixtures/listening/garden-gate.wav: "The Garden Gate" (a demo passage) read by
 * espeak-ng with one word left out ("jumps"), at 8 kHz (the model listens up to 3.7 kHz, so
 * nothing it hears is lost) with half a second of quiet before. The end-to-end test plays it
 * through Chromium's fake microphone. Run again only if the passage changes:
 *
 *   npx tsx scripts/listening/make-fixture.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PASSAGES } from '../../src/features/demo/demoContent';
import { readWav, resample, writeWav } from './audio';

const passage = PASSAGES.find((p) => p.title === 'The Garden Gate');
if (!passage) throw new Error('The demo has no "The Garden Gate"');
const said = passage.text.replace(' cat jumps down', ' cat down');
const wav = join(mkdtempSync(join(tmpdir(), 'fixture-')), 'reading.wav');
execFileSync('espeak-ng', ['-v', 'en-us+f4', '-s', '120', '-p', '70', '-w', wav, said]);
const reading = resample(readWav(readFileSync(wav)), 8000);
const quiet = new Float32Array(4000);
const samples = new Float32Array(quiet.length + reading.samples.length);
samples.set(reading.samples, quiet.length);
const out = join(process.cwd(), 'tests/fixtures/listening/garden-gate.wav');
writeFileSync(out, writeWav({ rate: 8000, samples }));
console.log(`${out}: ${(samples.length / 8000).toFixed(1)} s, ${said}`);
