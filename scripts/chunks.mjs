// How the browser's scripts are cut into files (decision 35). Left to itself, the bundler makes a
// file for every set of islands that shares a module: 20 to 36 files of a few hundred bytes on a
// public page, each a request with its headers, and each level of imports a round trip. Instead,
// a few files shared by many pages, each a whole layer:
//  - shell: React, the stores, the client-side router and the site's own modules the navbar runs,
//    on every page;
//  - forms: talking to the API and filling forms (the API client, the sign-in state, the form
//    hooks), on every page that sends something or is signed in;
//  - firebase and session: the sign-in service, and what a signed-in page's head runs before React
//    (restore the session, ask for the page's first data), with config (the public settings);
//  - contracts: zod and the shared schemas the API's contracts are made of;
//  - a feature's contracts: one file per feature.
// A module one of these layers comes to need and that is not listed becomes a file of its own:
// `npm run bench:pages` (in `npm test`) counts each public page's scripts and fails over 10.
const NODE_MODULES = (names) => new RegExp(`node_modules[\\\\/](${names.join('|')})[\\\\/]`);
/** A module's path under src/ ('platform/routes.ts'), or the id itself for anything else. */
const underSrc = (id) => id.replaceAll('\\', '/').split('/src/').pop();
const inSrc = (paths) => {
  const set = new Set(paths);
  return (id) => set.has(underSrc(id));
};

const shellPackages = NODE_MODULES([
  'react',
  'react-dom',
  'scheduler',
  'nanostores',
  '@nanostores',
  '@astrojs[\\\\/]react',
  'astro[\\\\/]dist[\\\\/]transitions',
  'astro[\\\\/]dist[\\\\/]virtual-modules[\\\\/]transitions',
]);
/** Modules the bundler and Astro make: the helper of dynamic imports, the client-side router. */
const bundlerModules = /^\0(vite[\\/]preload-helper|astro:transitions[\\/]client)/;
const shellModules = inSrc([
  'platform/routes.ts',
  'platform/client/ui.store.ts',
  'platform/client/persistent.ts',
  'platform/identity/session.store.ts',
  'platform/identity/authState.store.ts',
  'platform/identity/childName.ts',
  'islands/shared/Spinner.tsx',
  'islands/shared/useHydrated.ts',
  'features/notifications/counts.store.ts',
  'features/notifications/counts.ts',
  'features/plans/plan.store.ts',
  'features/plans/plans.ts',
]);
const formModules = inSrc([
  'platform/client/api.ts',
  'platform/identity/identity.client.ts',
  'platform/identity/firebase.client.ts',
  'platform/identity/authErrors.ts',
  'features/family/family.store.ts',
  'islands/account/useSignedIn.ts',
  'islands/shared/Field.tsx',
  'islands/shared/fieldErrors.ts',
  'islands/shared/useForm.ts',
  'islands/shared/useSubmit.ts',
  'islands/shared/loadState.ts',
  'islands/shared/NoticePanel.tsx',
]);
const contractPackages = NODE_MODULES(['zod']);
const contractModules = inSrc([
  'platform/http/contract.ts',
  'platform/http/common.schema.ts',
  'platform/admin/list.schema.ts',
]);

/**
 * What a signed-in page's head runs before React (EarlySession.astro): it must import nothing from
 * the other layers, or it would wait for them.
 */
const sessionModules = inSrc(['platform/identity/earlySession.ts', 'platform/identity/firebaseSession.ts']);

export const CHUNK_GROUPS = [
  {
    name: 'shell',
    test: (id) => shellPackages.test(id) || bundlerModules.test(id) || shellModules(id),
    priority: 40,
  },
  { name: 'firebase', test: NODE_MODULES(['firebase', '@firebase', 'idb', 'tslib']), priority: 36 },
  { name: 'session', test: sessionModules, priority: 35 },
  {
    name: 'config',
    // Small modules without imports that both the head's script and the API client use.
    test: inSrc([
      'platform/publicConfig.ts',
      'platform/identity/user.ts',
      'platform/access.ts',
      'platform/client/prefetch.ts',
      'platform/client/storageKeys.ts',
      'platform/identity/earlyRequests.ts',
      'platform/identity/tokenHint.ts',
      'platform/time.ts',
      'platform/days.ts',
      'platform/ids.ts',
      'platform/domain.ts',
    ]),
    priority: 45,
  },
  { name: 'contracts', test: (id) => contractPackages.test(id) || contractModules(id), priority: 20 },
  { name: 'forms', test: formModules, priority: 10 },
  // A feature's contracts, one file per feature, with the schemas only they use (a schema module
  // a public page imports a constant from stays apart, so the page does not load zod for it).
  { name: (id) => `api-${featureContract(id)}`, test: (id) => featureContract(id) !== null, priority: 5 },
];

/** Features whose contracts the same pages use together share one file (check-out: plans and payments). */
const CONTRACTS_WITH = { plans: 'payments' };

function featureContract(id) {
  const match = /^features\/(?!admin\/)([^/]+)\/(?!admin)[^/]+\.api\.ts$/.exec(underSrc(id));
  if (!match?.[1]) return null;
  return CONTRACTS_WITH[match[1]] ?? match[1];
}

/** A Vite plugin: the groups above for the browser's build only (the server's is left as it is). */
export function fewerChunks() {
  return {
    name: 'quillreads:fewer-chunks',
    configEnvironment(name, config) {
      if (name !== 'client') return;
      config.build ??= {};
      config.build.rolldownOptions ??= {};
      config.build.rolldownOptions.output = {
        ...config.build.rolldownOptions.output,
        codeSplitting: { groups: CHUNK_GROUPS },
      };
    },
  };
}
