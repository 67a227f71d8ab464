import { loadRenderers } from 'astro:container';
import { getContainerRenderer } from '@astrojs/react/container-renderer';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import NotFoundPage from '../../src/pages/404.astro';
import ErrorPage from '../../src/pages/500.astro';

const HEADING = '404! Something went wrong!';
const TEXT = 'The page you’re looking for doesn’t exist.';

/** A container that renders pages the way the server does, React islands included. */
async function container() {
  const renderers = await loadRenderers([getContainerRenderer()]);
  return AstroContainer.create({ renderers });
}

describe('error pages', () => {
  it('the 404 page carries the spec heading and text, with the typographic apostrophe', async () => {
    const html = await (await container()).renderToString(NotFoundPage);
    expect(html).toContain(HEADING);
    expect(html).toContain(TEXT);
    expect(html).toContain('data-redirect-home="5000"');
  });

  it('a route that throws shows the same page', async () => {
    const html = await (await container()).renderToString(ErrorPage, { props: { error: new Error('boom') } });
    expect(html).toContain(HEADING);
    expect(html).toContain(TEXT);
    expect(html).toContain('data-redirect-home="5000"');
  });
});
