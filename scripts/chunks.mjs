// How the browser's scripts are cut into files (decision 35). Left to itself, the bundler makes a
// file for every set of islands that shares a module: 20 to 36 files of a few hundred bytes on a
// public page, each a request with its headers, and each level of imports a round trip. Instead,
// a few files shared by many pages, each a whole layer:
//  - shell: React, the stores, the client-side router and the site's own modules the navbar runs,
//    on every page;
//  - forms: talking to the API and filling forms (the API client, the sign-in state, the form
//    hooks), on every page that sends something or is signed in;
//  - session: what a signed-in page's head runs before React (ask for the page's first data, then
//    restore the session), with config (the public settings);
//  - firebase: the sign-in service with the part every signed-in page runs, loaded by session's
//    script once the page's data is drawn (the page's HTML preloads it);
//  - contracts: zod and the shared schemas the API's contracts are made of;
//  - a feature's contracts: one file per feature. The family pages' islands (the plan, the log,
//    the wall, the notifications, the profile) and the account check load theirs with their first
//    call, and a signed-in page's HTML preloads what its islands load so: those pages draw the last
//    visit's copy before zod runs. Other islands still import theirs with their code;
//  - the program's and the reading log's rules, which their pages draw with.
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
/** Modules Astro makes: the client-side router. */
const bundlerModules = /^\0astro:transitions[\\/]client/;
/** The bundler's helper of dynamic imports: small, and the head's script imports the identity service with it. */
const preloadHelper = /^\0vite[\\/]preload-helper/;
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
  'features/notifications/newNotification.ts',
  'islands/account/useSignedIn.ts',
  'islands/shared/Field.tsx',
  'islands/shared/fieldErrors.ts',
  'islands/shared/useForm.ts',
  'islands/shared/useSubmit.ts',
  'islands/shared/loadState.ts',
  'islands/shared/NoticePanel.tsx',
  'islands/shared/CopyGuard.tsx',
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
const sessionModules = inSrc(['platform/identity/earlySession.ts']);
const configModules = inSrc([
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
  'platform/numbers.ts',
]);
const firebasePackages = NODE_MODULES(['firebase', '@firebase', 'idb', 'tslib']);
const firebaseModules = inSrc(['platform/identity/firebaseSession.ts']);

/** Features whose contracts the same pages use together share one file (check-out: plans and payments). */
const CONTRACTS_WITH = { plans: 'payments' };

/** The feature whose file takes a feature's contract or schema module (not the admin ones), or null. */
function featureOf(id) {
  const match = /^features\/(?!admin\/)([^/]+)\/(?!admin)[^/]+\.(api|schema)\.ts$/.exec(underSrc(id));
  if (!match?.[1]) return null;
  return CONTRACTS_WITH[match[1]] ?? match[1];
}

/** Features whose schemas other features' schemas import, those imported by the others first. */
const SHARED_FIRST = ['readAloud', 'notifications', 'program', 'family', 'blogs', 'inquiries', 'payments'];

/** Features whose other browser modules (rules, page paths, wording) get a file of their own. */
const WITH_RULES_FILE = new Set(['program', 'reading']);

/**
 * The feature of a rules module of WITH_RULES_FILE, or null. The plan, the wall and the reading log
 * draw with these before any contract loads, and other features' contracts import them too: in a
 * file of their own, no feature's contracts come with them.
 */
function rulesOf(id) {
  const match = /^features\/([^/]+)\/(?!admin)[^/]+(?<!\.server|\.routes|\.test|\.api|\.schema)\.ts$/.exec(
    underSrc(id),
  );
  return match?.[1] && WITH_RULES_FILE.has(match[1]) ? match[1] : null;
}

export const CHUNK_GROUPS = [
  {
    name: 'shell',
    test: (id) => shellPackages.test(id) || bundlerModules.test(id) || shellModules(id),
    priority: 40,
  },
  {
    // The identity service and the part of it every signed-in page runs (loaded after the page's data).
    name: 'firebase',
    test: (id) => firebasePackages.test(id) || firebaseModules(id),
    priority: 36,
  },
  { name: 'session', test: sessionModules, priority: 35 },
  {
    name: 'config',
    // Small modules without imports that both the head's script and the API client use.
    test: (id) => preloadHelper.test(id) || configModules(id),
    priority: 45,
  },
  { name: 'contracts', test: (id) => contractPackages.test(id) || contractModules(id), priority: 20 },
  { name: 'forms', test: formModules, priority: 10 },
  { name: (id) => rulesOf(id), test: (id) => rulesOf(id) !== null, priority: 15 },
  // A feature's contracts and schemas, one file per feature. Features whose schemas other features'
  // schemas import come first, each with what it imports, so their schemas stay in their own file
  // (the plan page loads the program's, not the guides' that import them).
  ...SHARED_FIRST.map((feature, index) => ({
    name: `api-${feature}`,
    test: (id) => featureOf(id) === feature,
    priority: 6 + SHARED_FIRST.length - index,
  })),
  { name: (id) => `api-${featureOf(id)}`, test: (id) => featureOf(id) !== null, priority: 5 },
];

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
