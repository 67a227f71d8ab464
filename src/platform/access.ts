import type { PagePattern } from './routes';

export const ROLES = ['parent', 'admin', 'guide'] as const;
export type Role = (typeof ROLES)[number];

/** Who may open a page: anyone, any signed-in account, administrators only, or reading guides only. */
export type Access = 'public' | 'signed-in' | 'admin' | 'guide';

export type Session =
  | { status: 'unknown' }
  | { status: 'signed-out' }
  /** Signed in with the identity service, but no family account yet: /signup finishes it. */
  | { status: 'unregistered'; uid: string }
  | { status: 'signed-in'; uid: string; role: Role };

type GuardDecision = 'wait' | 'allow' | 'sign-in' | 'register' | 'forbidden';

/** What the protected-route guard does for a session and the access a page needs. */
export function guardDecision(session: Session, access: Access): GuardDecision {
  if (access === 'public') return 'allow';
  if (session.status === 'unknown') return 'wait';
  if (session.status === 'signed-out') return 'sign-in';
  if (session.status === 'unregistered') return 'register';
  if (access === 'admin' && session.role !== 'admin') return 'forbidden';
  if (access === 'guide' && session.role !== 'guide') return 'forbidden';
  return 'allow';
}

/** Where the team lands after signing in: the admin console's first section, the posts waiting for review. */
export const ADMIN_HOME = '/admin/approveblogs' satisfies PagePattern;

/** Where a reading guide lands after signing in: the guide console, their readers. */
export const GUIDE_HOME = '/guide' satisfies PagePattern;

/** Where an account lands after signing in, by its role. */
export const homeOf = (role: Role): string =>
  role === 'admin' ? ADMIN_HOME : role === 'guide' ? GUIDE_HOME : ('/profile' satisfies PagePattern);

/**
 * A return path is only ever a path on this site: anything that could leave it
 * (another origin, a protocol-relative or backslash URL, a script URL) falls back to /profile.
 */
export function safeReturnPath(
  next: string | null | undefined,
  fallback: string = '/profile' satisfies PagePattern,
): string {
  if (typeof next !== 'string' || next.length === 0 || next.length > 2048) return fallback;
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what must be refused.
  if (/[\u0000-\u001f\\]/.test(next)) return fallback;
  try {
    const url = new URL(next, 'http://same.invalid');
    if (url.origin !== 'http://same.invalid') return fallback;
    // Checked again once normalised: '/.//evil.example' and '/%2e%2e//evil.example' become '//evil.example',
    // which a browser reads as another site.
    if (url.pathname.startsWith('//')) return fallback;
    if (url.pathname === '/login' || url.pathname === '/signup') return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** Where the guard sends a signed-out visitor: /login, remembering the page they wanted. */
export function loginPathFor(currentPath: string): string {
  const next = safeReturnPath(currentPath, '');
  const login = '/login' satisfies PagePattern;
  return next ? `${login}?next=${encodeURIComponent(next)}` : login;
}
