/**
 * The audio tap: an AudioWorklet processor that passes the microphone's samples, in blocks of
 * 4,096, through a port straight to the listening worker. "end" sends what is left, then says so.
 */

declare abstract class AudioWorkletProcessor {
  readonly port: MessagePort;
  abstract process(inputs: Float32Array[][]): boolean;
}
declare function registerProcessor(name: string, processor: new () => AudioWorkletProcessor): void;

const BLOCK = 4096;

class PcmTap extends AudioWorkletProcessor {
  private block = new Float32Array(BLOCK);
  private filled = 0;
  private out: MessagePort | undefined;
  private ended = false;

  constructor() {
    super();
    this.port.onmessage = (event: MessageEvent<{ out?: MessagePort; end?: true }>) => {
      if (event.data.out) this.out = event.data.out;
      if (event.data.end) this.end();
    };
  }

  private send(samples: Float32Array) {
    this.out?.postMessage({ type: 'samples', samples }, [samples.buffer]);
  }

  private end() {
    if (this.ended) return;
    this.ended = true;
    if (this.filled > 0) this.send(this.block.slice(0, this.filled));
    this.out?.postMessage({ type: 'end' });
  }

  process(inputs: Float32Array[][]): boolean {
    const samples = inputs[0]?.[0];
    if (!samples || this.ended) return !this.ended;
    let from = 0;
    while (from < samples.length) {
      const count = Math.min(samples.length - from, BLOCK - this.filled);
      this.block.set(samples.subarray(from, from + count), this.filled);
      this.filled += count;
      from += count;
      if (this.filled === BLOCK) {
        this.send(this.block);
        this.block = new Float32Array(BLOCK);
        this.filled = 0;
      }
    }
    return true;
  }
}

registerProcessor('pcm-tap', PcmTap);
