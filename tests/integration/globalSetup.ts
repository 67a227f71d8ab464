import { startEmulator } from '../../scripts/emulator.mjs';

/** The integration tests sign in against the real Firebase Auth emulator. */
export default async function setup() {
  const stop: () => Promise<void> = await startEmulator();
  return stop;
}
