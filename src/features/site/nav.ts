import { pagePath } from '~/platform/routes';

/** Width at or below which the navigation links collapse into the hamburger menu. */
const MOBILE_BREAKPOINT_PX = 992;
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;

/** How long after a page change the open menus close. */
export const MENU_CLOSE_DELAY_MS = 150;

export const NAV_LINKS = [
  { href: pagePath('/podcast'), label: 'Podcast' },
  { href: pagePath('/events'), label: 'Events' },
  { href: pagePath('/blogs'), label: 'Blogs' },
] as const;

/** True when `href` is the page at `pathname` or a page below it (a blog post under /blogs). */
export function isCurrentSection(href: string, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return path === href || path.startsWith(`${href}/`);
}
