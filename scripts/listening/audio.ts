/** Audio helpers for the listening benchmark: WAV files, resampling, noise and where speech is. */

export interface Audio {
  rate: number;
  samples: Float32Array;
}

/** A 16-bit mono PCM WAV file (what espeak-ng writes). */
export function readWav(file: Buffer): Audio {
  const rate = file.readUInt32LE(24);
  let offset = 12;
  while (file.toString('ascii', offset, offset + 4) !== 'data') offset += 8 + file.readUInt32LE(offset + 4);
  const count = file.readUInt32LE(offset + 4) / 2;
  const samples = new Float32Array(count);
  for (let i = 0; i < count; i++) samples[i] = file.readInt16LE(offset + 8 + 2 * i) / 32768;
  return { rate, samples };
}

/** A 16-bit mono PCM WAV file of `audio` (what Chromium's fake microphone reads). */
export function writeWav({ rate, samples }: Audio): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => {
    data.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(s * 32767))), 2 * i);
  });
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** Windowed-sinc resampling with a low-pass just under the new Nyquist frequency. */
export function resample({ rate, samples }: Audio, to: number): Audio {
  const ratio = rate / to;
  const cutoff = (0.475 * Math.min(rate, to)) / rate;
  const half = 32;
  const out = new Float32Array(Math.floor(samples.length / ratio));
  for (let i = 0; i < out.length; i++) {
    const centre = i * ratio;
    let sum = 0;
    let weights = 0;
    for (let j = Math.floor(centre) - half; j <= Math.floor(centre) + half; j++) {
      if (j < 0 || j >= samples.length) continue;
      const x = j - centre;
      const sinc = x === 0 ? 2 * cutoff : Math.sin(2 * Math.PI * cutoff * x) / (Math.PI * x);
      const w = sinc * (0.5 + 0.5 * Math.cos((Math.PI * x) / (half + 1)));
      sum += (samples[j] ?? 0) * w;
      weights += w;
    }
    out[i] = weights === 0 ? 0 : sum / weights;
  }
  return { rate: to, samples: out };
}

/** A repeatable pseudo-random sequence (the same noise on every run). */
export function randomFrom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const power = (s: Float32Array) => s.reduce((sum, x) => sum + x * x, 0) / Math.max(1, s.length);

/** White noise mixed in at `snrDb` below the speech's own power (a room with a fan, a busy kitchen). */
export function withNoise(audio: Audio, snrDb: number, seed: number): Audio {
  const random = randomFrom(seed);
  const level = Math.sqrt((power(audio.samples) / 10 ** (snrDb / 10)) * 3);
  return { rate: audio.rate, samples: audio.samples.map((s) => s + (random() * 2 - 1) * level) };
}

/** The span where speech is (first and last 10 ms frame above a small energy), in milliseconds. */
export function speechSpanMs({ rate, samples }: Audio): number {
  const frame = Math.round(rate / 100);
  const loud: number[] = [];
  for (let f = 0; f * frame < samples.length; f++) {
    const slice = samples.subarray(f * frame, (f + 1) * frame);
    if (Math.sqrt(power(slice)) > 0.01) loud.push(f);
  }
  return loud.length === 0 ? 0 : ((loud.at(-1) ?? 0) - (loud[0] ?? 0) + 1) * 10;
}
