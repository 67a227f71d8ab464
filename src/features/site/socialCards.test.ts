import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  SOCIAL_CARD_KINDS,
  SOCIAL_CARD_SIZE,
  SOCIAL_CARDS,
  socialCardAlt,
  socialCardFor,
  socialCardPath,
  socialCardSvg,
  TEXT_MAX_WIDTH,
  type TextShaper,
} from './socialCards';
import { measureCardText, renderSocialCard } from './socialCards.server';

describe('which card a page shows', () => {
  it('matches each kind of page, and falls back to the default', () => {
    expect(socialCardFor('/')).toBe('home');
    expect(socialCardFor('/programs')).toBe('programs');
    expect(socialCardFor('/summer-programs/')).toBe('programs');
    expect(socialCardFor('/blogs')).toBe('blog');
    expect(socialCardFor('/blogs/6f9619ff-8b86-4d01-b42d-00c04fc964ff')).toBe('blog');
    expect(socialCardFor('/archives')).toBe('blog');
    expect(socialCardFor('/events')).toBe('events');
    expect(socialCardFor('/events/6f9619ff-8b86-4d01-b42d-00c04fc964ff')).toBe('events');
    expect(socialCardFor('/podcast')).toBe('podcast');
    expect(socialCardFor('/company')).toBe('company');
    expect(socialCardFor('/mission')).toBe('mission');
    expect(socialCardFor('/contact')).toBe('default');
    expect(socialCardFor('/blogsworth')).toBe('default');
    expect(socialCardPath('events')).toBe('/social/events.png');
  });

  it('describes every card in words', () => {
    for (const kind of SOCIAL_CARD_KINDS) {
      const alt = socialCardAlt(kind);
      expect(alt).toMatch(/^Quill Reads: /);
      expect(alt).toContain(SOCIAL_CARDS[kind].subtitle[0]);
    }
    expect(socialCardAlt('home')).toBe(
      'Quill Reads: Raise a reader, one story at a time. Reading plans for children aged 4 to 12 and the parents who read with them.',
    );
  });
});

describe('the card drawing', () => {
  const shaper: TextShaper = { line: (text, _role, x, y) => ({ d: `M${x} ${y}h${text.length}`, width: 0 }) };

  it('is a 1200 × 630 SVG with every line of its words', () => {
    const svg = socialCardSvg('events', shaper);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="1200" height="630"/);
    expect(svg.match(/<path fill=/g)?.length).toBe(2 + 1 + 2 + 2); // brand, eyebrow, title, subtitle
  });

  it('keeps every line of every card inside the text column, in the site’s fonts', () => {
    for (const card of Object.values(SOCIAL_CARDS)) {
      expect(card.title.length).toBeLessThanOrEqual(2);
      for (const line of card.title)
        expect(measureCardText(line, 'title')).toBeLessThanOrEqual(TEXT_MAX_WIDTH);
      for (const line of card.subtitle)
        expect(measureCardText(line, 'subtitle')).toBeLessThanOrEqual(TEXT_MAX_WIDTH);
      expect(measureCardText(card.eyebrow.toUpperCase(), 'eyebrow')).toBeLessThanOrEqual(TEXT_MAX_WIDTH);
    }
  });

  it('renders each card as a small 1200 × 630 PNG', async () => {
    for (const kind of SOCIAL_CARD_KINDS) {
      const png = await renderSocialCard(kind);
      const meta = await sharp(png).metadata();
      expect(meta).toMatchObject({ format: 'png', ...SOCIAL_CARD_SIZE });
      expect(png.length).toBeLessThan(100_000);
    }
  });
});
