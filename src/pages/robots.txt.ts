import type { APIRoute } from 'astro';
import { siteUrl } from '~/platform/publicConfig';

// Built with the site's address (PUBLIC_SITE_URL), so the sitemap line is absolute as it must be.
export const GET: APIRoute = () => {
  const sitemap = new URL('/sitemap.xml', siteUrl).href;
  const body = [
    'User-agent: *',
    // The API, the admin console and the family pages are not for search engines. The purchase
    // steps may be read (their words are general; an order only loads after sign-in).
    'Disallow: /api/',
    'Disallow: /admin/',
    'Disallow: /profile',
    'Disallow: /update-profile',
    'Disallow: /notification',
    'Disallow: /book-history/',
    'Disallow: /reading-plan/',
    'Disallow: /reading-wall/',
    'Disallow: /user/',
    'Disallow: /readonance/',
    'Disallow: /createProfile',
    'Disallow: /view-user-page/',
    'Disallow: /updatePlan/',
    'Disallow: /updateBooks/',
    'Disallow: /updateReadonance/',
    '',
    `Sitemap: ${sitemap}`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
