import { isCurrentSection, NAV_LINKS } from '~/features/site/nav';
import { CloseIcon, MenuIcon } from '~/islands/shared/icons';
import { LoadingIndicator } from '~/islands/shared/LoadingIndicator';
import { Logo } from '~/islands/shared/Logo';
import { pagePath } from '~/platform/routes';
import { ProfileLink } from './ProfileLink';
import { ProgramsMenu } from './ProgramsMenu';
import { useNavMenus } from './useNavMenus';
import './Navbar.css';

export interface NavbarProps {
  /** The path the page was rendered for; kept current on client-side page changes. */
  initialPath: string;
}

/**
 * The site's navigation: the brand, the Programs drop-down and the section links (behind a
 * hamburger on small screens), and the profile or sign-in link.
 */
export function Navbar({ initialPath }: NavbarProps) {
  const menus = useNavMenus(initialPath);
  const { mobileOpen, setMobileOpen, pathname, refs } = menus;

  // The site-wide spinner rides in this island: every page already hydrates it, so the
  // loading flag costs no second island.
  return (
    <>
      <nav className="navbar" aria-label="Main">
        <div className="navbar-inner">
          <a
            href={pagePath('/')}
            className="navbar-brand"
            aria-current={pathname === '/' ? 'page' : undefined}
          >
            <Logo fontSize="1.35rem" fontWeight={750} />
            <span className="navbar-brand-name">Quill Reads</span>
          </a>

          <button
            ref={refs.menuButton}
            type="button"
            className="navbar-toggle"
            aria-expanded={mobileOpen}
            aria-controls="site-menu"
            aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMobileOpen((open) => !open)}
          >
            {mobileOpen ? <CloseIcon /> : <MenuIcon />}
          </button>

          <SiteMenu menus={menus} />

          <div className="navbar-end">
            <ProfileLink />
          </div>
        </div>
      </nav>
      <LoadingIndicator />
    </>
  );
}

/** The menu the hamburger opens on small screens (always shown on wide ones): Programs, then the sections. */
function SiteMenu({ menus }: { menus: ReturnType<typeof useNavMenus> }) {
  const { mobileOpen, programsOpen, setProgramsOpen, pathname, refs } = menus;
  const current = (href: string) => (isCurrentSection(href, pathname) ? 'page' : undefined);
  return (
    <div id="site-menu" ref={refs.menu} className="navbar-menu" data-open={mobileOpen ? 'true' : 'false'}>
      <ul className="navbar-links">
        <ProgramsMenu
          open={programsOpen}
          setOpen={setProgramsOpen}
          pathname={pathname}
          menuRef={refs.programs}
          buttonRef={refs.programsButton}
        />
        {NAV_LINKS.map((link) => (
          <li key={link.href}>
            <a href={link.href} className="navbar-link" aria-current={current(link.href)}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
