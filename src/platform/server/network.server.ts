import * as z from 'zod';

// This module has no imports of its own besides zod, so `npm start` (scripts/start.mjs) can load it
// on the project's Node before it spends a minute on the build.

const flag = z
  .string()
  .optional()
  .transform((v) => v?.trim().toLowerCase() || 'false')
  .pipe(z.enum(['true', 'false'], { error: 'must be true or false' }))
  .transform((v) => v === 'true');

/**
 * Who may reach this server and how their address is known, read beside the main settings
 * (env.server.ts) by the same rule: a bad value stops the server with a message that names it.
 */
const networkSchema = z.object({
  /**
   * "true" lets a server that accepts the emulator's unsigned sign-ins listen beyond this machine
   * (a demo shared on a trusted network). Never for families: anyone can sign in as anyone there.
   */
  ALLOW_EMULATOR_ON_NETWORK: flag,
  /**
   * How many proxies (load balancers, CDNs) in front of the server append the address they were
   * reached from to X-Forwarded-For. 0 (the default): the header is ignored, since any client can write it.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v) => v?.trim() || '0')
    .pipe(
      z
        .string()
        .regex(
          /^(\d|10)$/,
          'must be how many proxies stand in front of the server: 0 to 10 (1 for one load balancer)',
        ),
    )
    .transform(Number),
});

export type NetworkSettings = z.infer<typeof networkSchema>;

export function loadNetworkSettings(env: Record<string, string | undefined> = process.env): NetworkSettings {
  const result = networkSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid settings:\n${problems}`);
  }
  return result.data;
}

/** An address only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return name === 'localhost' || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name);
}

/**
 * Refuses (throws, with what to do) a server that would take the Auth emulator's unsigned tokens from
 * other machines: there anyone could sign in as anyone, the demo administrator included. That is a
 * server listening on an address other machines can reach, or one with a proxy in front
 * (TRUST_PROXY 1 or more: the proxy passes the network's requests on, even to a loopback host).
 * ALLOW_EMULATOR_ON_NETWORK=true says it is meant; the answer is then true, so the caller can warn.
 * False when the emulator is not in use, or the host is local and no proxy is declared. (A tunnel or
 * proxy that nobody declared cannot be seen from here: it exposes a local server all the same.)
 */
export function checkEmulatorExposure(
  host: string,
  env: Record<string, string | undefined> = process.env,
): boolean {
  const { ALLOW_EMULATOR_ON_NETWORK, TRUST_PROXY } = loadNetworkSettings(env);
  if (!env.FIREBASE_AUTH_EMULATOR_HOST) return false;
  const onNetwork = !isLoopbackHost(host);
  if (!onNetwork && TRUST_PROXY < 1) return false;
  if (ALLOW_EMULATOR_ON_NETWORK) return true;
  const where = onNetwork
    ? `Refusing to listen on HOST=${host || '(every address)'}`
    : `Refusing to start behind a proxy (TRUST_PROXY=${TRUST_PROXY}), which passes the network's requests on to HOST=${host}`;
  throw new Error(
    `${where}: this server accepts the sign-in emulator's unsigned tokens (FIREBASE_AUTH_EMULATOR_HOST is set), so anyone who reaches it could sign in as anyone, the demo administrator included.\n` +
      (onNetwork
        ? '  Listen on this machine only (HOST=localhost, 127.0.0.1 or ::1), configure real Firebase sign-in (docs/deployment.md),\n'
        : '  Serve it without a proxy (TRUST_PROXY=0) on this machine only, configure real Firebase sign-in (docs/deployment.md),\n') +
      '  or, for a demo on a network you trust, set ALLOW_EMULATOR_ON_NETWORK=true.',
  );
}
