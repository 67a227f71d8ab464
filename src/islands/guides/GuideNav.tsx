import { pagePath } from '~/platform/routes';

const PAGES = {
  readers: [pagePath('/guide'), 'Your readers'],
  interviews: [pagePath('/guide/interviews'), 'Your interviews'],
} as const;

/** The guide console's two pages, the current one marked. */
export function GuideNav({ current }: { current: keyof typeof PAGES }) {
  return (
    <nav className="guide-nav" aria-label="Guide console">
      <ul>
        {Object.entries(PAGES).map(([key, [path, label]]) => (
          <li key={key}>
            <a href={path} aria-current={key === current ? 'page' : undefined}>
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
