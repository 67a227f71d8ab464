// One soak server process (scripts/soak/server.ts) as the driver sees it: what it has said so far
// (opened or not, its check of the folder, plans made, entries acknowledged), and a SIGKILL.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface Check {
  acked: number;
  missing: number;
  missingSample: string[];
  duplicates: number;
  indexMismatch: number;
  shortPlans: number;
  plans: number;
  due: number;
}

export interface OpenFailure {
  kind: string;
  reason: string;
  message: string;
}

export class SoakServer {
  openedMs: number | undefined;
  openFailure: OpenFailure | undefined;
  check: Check | undefined;
  checkFailure: string | undefined;
  ready = false;
  plans = 0;
  /** When the last acknowledgement was read (performance.now()). */
  lastAckAt = 0;
  readonly acked: string[] = [];
  readonly errors: string[] = [];
  exitCode: number | null | undefined;
  private stderr = '';
  private readonly child: ChildProcess;
  private readonly closed: Promise<void>;
  private wake: () => void = () => {};

  constructor(env: Record<string, string>) {
    // The server is this very process (node with tsx's loader, no wrapper), so SIGKILL stops it.
    this.child = spawn(process.execPath, ['--import', 'tsx', 'scripts/soak/server.ts'], {
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines = createInterface({ input: this.child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => this.read(line));
    this.child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-4000);
    });
    // Closed: exited and every line it wrote read, acknowledgements included.
    this.closed = new Promise((resolve) => {
      this.child.on('close', (code) => {
        this.exitCode = code;
        this.wake();
        resolve();
      });
    });
  }

  private read(line: string) {
    const space = line.indexOf(' ');
    const word = space < 0 ? line : line.slice(0, space);
    const rest = space < 0 ? '' : line.slice(space + 1);
    if (word === 'ack') {
      this.acked.push(rest);
      this.lastAckAt = performance.now();
    } else if (word === 'plan') this.plans += 1;
    else if (word === 'opened') this.openedMs = Number(rest);
    else if (word === 'open-failed') this.openFailure = JSON.parse(rest) as OpenFailure;
    else if (word === 'check') this.check = JSON.parse(rest) as Check;
    else if (word === 'check-failed') this.checkFailure = rest;
    else if (word === 'ready') this.ready = true;
    else if (word === 'error') this.errors.push(rest);
    this.wake();
  }

  get exited() {
    return this.exitCode !== undefined;
  }

  /** The last words on stderr, for a process that stopped on its own. */
  get lastWords() {
    return this.stderr.trim().split('\n').slice(-6).join('\n');
  }

  /** Resolves true once `done()` holds, false if the process exits first or the time runs out. */
  until(done: () => boolean, timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => finish(false), timeoutMs);
      const finish = (value: boolean) => {
        clearTimeout(timer);
        this.wake = () => {};
        resolve(value);
      };
      this.wake = () => {
        if (done()) finish(true);
        else if (this.exited) finish(false);
      };
      this.wake();
    });
  }

  /** SIGKILL, then every line it wrote before dying has been read. */
  async kill(): Promise<void> {
    if (!this.exited) this.child.kill('SIGKILL');
    await this.closed;
  }

  /** Waits for a process that stops by itself (a check-only run). */
  async finished(timeoutMs: number): Promise<void> {
    await Promise.race([this.closed, new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
    if (!this.exited) await this.kill();
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
