import type { ReactNode } from 'react';

/**
 * Decorative line icons; the control that holds one gives it its accessible name.
 * Every icon is aria-hidden through `common`, which the linter cannot see through the spread.
 */
const common = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
};

/** The svg every icon draws in: a 24-unit square, `size` pixels wide and high. */
function LineIcon({ size = 24, children }: { size?: number; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: decorative, aria-hidden via common props
    <svg {...common} width={size} height={size}>
      {children}
    </svg>
  );
}

export function MenuIcon() {
  return (
    <LineIcon>
      <path d="M4 7h16M4 12h16M4 17h16" />
    </LineIcon>
  );
}

export function CloseIcon() {
  return (
    <LineIcon>
      <path d="M6 6l12 12M18 6L6 18" />
    </LineIcon>
  );
}

export function ChevronDownIcon() {
  return (
    <LineIcon size={18}>
      <path d="M6 9l6 6 6-6" />
    </LineIcon>
  );
}

export function LoginIcon() {
  return (
    <LineIcon>
      <path d="M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4" />
      <path d="M10 17l5-5-5-5" />
      <path d="M15 12H3" />
    </LineIcon>
  );
}

export function UserIcon() {
  return (
    <LineIcon>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4 4-6 8-6s8 2 8 6" />
    </LineIcon>
  );
}
