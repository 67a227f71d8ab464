// Whether this copy of the server is stopping (SIGTERM received): its readiness then answers 503,
// so a load balancer sends new requests to the other copies while this one finishes its own. One
// flag for the process: the production server and Astro's renderer are two bundles in it.
const STOPPING = Symbol.for('quillreads.stopping');
const shared = globalThis as typeof globalThis & { [STOPPING]?: boolean };

/** From now on, this copy tells load balancers it is not ready. */
export function markStopping(): void {
  shared[STOPPING] = true;
}

export const isStopping = (): boolean => shared[STOPPING] === true;
