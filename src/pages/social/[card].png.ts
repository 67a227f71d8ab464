import type { APIRoute, GetStaticPaths } from 'astro';
import { SOCIAL_CARD_KINDS, type SocialCardKind } from '~/features/site/socialCards';
import { renderSocialCard } from '~/features/site/socialCards.server';

// The social cards (og:image), drawn once at build time into dist/client/social/<kind>.png.
export const prerender = true;

export const getStaticPaths = (() =>
  SOCIAL_CARD_KINDS.map((card) => ({ params: { card } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const png = await renderSocialCard(params.card as SocialCardKind);
  return new Response(new Uint8Array(png), { headers: { 'Content-Type': 'image/png' } });
};
