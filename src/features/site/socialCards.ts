/**
 * The social cards: the picture a link preview shows (og:image), one designed card per kind of
 * page. Pure: the words, colours and layout of each card as SVG. The text arrives as glyph outlines
 * from a `TextShaper` (socialCards.server.ts draws them with the site's own fonts), so the PNG looks
 * the same on every machine that builds it, whatever fonts it has installed.
 */
import { pagePath } from '~/platform/routes';

export const SOCIAL_CARD_KINDS = [
  'home',
  'programs',
  'blog',
  'events',
  'podcast',
  'company',
  'mission',
  'default',
] as const;
export type SocialCardKind = (typeof SOCIAL_CARD_KINDS)[number];

/** The size Facebook, LinkedIn, Slack and X all show large: 1.91 to 1. */
export const SOCIAL_CARD_SIZE = { width: 1200, height: 630 } as const;

/** The design tokens of src/layouts/global.css the cards use. */
const COLOURS = {
  paper: '#fffaf3',
  paperDeep: '#fff4e3',
  ink: '#1d2233',
  inkSoft: '#454c5f',
  teal900: '#063a3f',
  teal700: '#0c5a61',
  marigold: '#f4b13e',
  coral700: '#a63a27',
  white: '#ffffff',
} as const;

/** A card's accent: the dark colour of its picture and the light disc behind it (global.css pairs). */
const TONES = {
  teal: { dark: '#0c5a61', light: '#dcefec' },
  marigold: { dark: '#a63a27', light: '#fdf0d3' },
  coral: { dark: '#a63a27', light: '#fde3dc' },
  leaf: { dark: '#2c6838', light: '#e1f0de' },
  sky: { dark: '#1f5a9e', light: '#e2ecf8' },
} as const;
type Tone = keyof typeof TONES;

type Icon = 'book' | 'stars' | 'quill' | 'calendar' | 'microphone' | 'people' | 'heart';

export interface SocialCard {
  eyebrow: string;
  /** The headline, already broken into lines (at most two) that fit the text column. */
  title: readonly string[];
  /** One or two lines under the headline. */
  subtitle: readonly string[];
  tone: Tone;
  icon: Icon;
}

export const SOCIAL_CARDS: Record<SocialCardKind, SocialCard> = {
  home: {
    eyebrow: 'Reading programs for families',
    title: ['Raise a reader,', 'one story at a time.'],
    subtitle: ['Reading plans for children aged 4 to 12', 'and the parents who read with them.'],
    tone: 'teal',
    icon: 'book',
  },
  programs: {
    eyebrow: 'Reading programs',
    title: ['Rated Reads:', 'books children love'],
    subtitle: ['A weekly plan, read-aloud practice and', 'star ratings that shape the next book.'],
    tone: 'marigold',
    icon: 'stars',
  },
  blog: {
    eyebrow: 'The Quill Reads blog',
    title: ['Notes from the', 'reading nook'],
    subtitle: ['Practical ideas and honest stories', 'about reading with children.'],
    tone: 'coral',
    icon: 'quill',
  },
  events: {
    eyebrow: 'Events',
    title: ['Story times, visits', 'and workshops'],
    subtitle: ['Read-alongs, author visits and parent', 'workshops, online and in libraries.'],
    tone: 'leaf',
    icon: 'calendar',
  },
  podcast: {
    eyebrow: 'Podcast',
    title: ['The Quill Reads', 'podcast'],
    subtitle: ['Short read-alouds for bedtime and honest', 'conversations about raising readers.'],
    tone: 'sky',
    icon: 'microphone',
  },
  company: {
    eyebrow: 'Our company',
    title: ['A small team with', 'a simple idea'],
    subtitle: ['Teachers, librarians and parents building', 'reading programs families keep up.'],
    tone: 'teal',
    icon: 'people',
  },
  mission: {
    eyebrow: 'Our mission',
    title: ['Every child', 'a reader.'],
    subtitle: ['And every parent a confident reading', 'partner, who knows how to help.'],
    tone: 'marigold',
    icon: 'heart',
  },
  default: {
    eyebrow: 'Reading with children',
    title: ['Reading programs', 'for families'],
    subtitle: ['Rated Reads, story-time events, a family', 'podcast and a blog about reading together.'],
    tone: 'teal',
    icon: 'book',
  },
};

/** Where a card is served: pre-rendered at build time by src/pages/social/[card].png.ts. */
export const socialCardPath = (kind: SocialCardKind) => `/social/${kind}.png`;

/** The card's words for people who cannot see it (og:image:alt, twitter:image:alt). */
export function socialCardAlt(kind: SocialCardKind): string {
  const card = SOCIAL_CARDS[kind];
  const title = card.title.join(' ').replace(/[.,:]$/, '');
  return `Quill Reads: ${title}. ${card.subtitle.join(' ')}`;
}

const PROGRAM_PAGES = [
  pagePath('/programs'),
  pagePath('/summer-programs'),
  pagePath('/program-details'),
  pagePath('/a-bridged-program'),
];

/** The card of a page, from its path: a post uses the blog's card, an event the events card. */
export function socialCardFor(path: string): SocialCardKind {
  const p = path.length > 1 ? path.replace(/\/+$/, '') : '/';
  const under = (base: string) => p === base || p.startsWith(`${base}/`);
  if (p === pagePath('/')) return 'home';
  if (PROGRAM_PAGES.includes(p)) return 'programs';
  if (under(pagePath('/blogs')) || p === pagePath('/archives')) return 'blog';
  if (under(pagePath('/events'))) return 'events';
  if (under(pagePath('/podcast'))) return 'podcast';
  if (p === pagePath('/company')) return 'company';
  if (p === pagePath('/mission')) return 'mission';
  return 'default';
}

// --- Drawing ----------------------------------------------------------------------------------

/** The kinds of text on a card; the shaper knows the font, weight and size of each. */
export type TextRole = 'badge' | 'brand' | 'eyebrow' | 'title' | 'subtitle';

export const TEXT_ROLES: Record<
  TextRole,
  { family: 'display' | 'body'; weight: number; size: number; tracking?: number }
> = {
  badge: { family: 'display', weight: 700, size: 40 },
  brand: { family: 'display', weight: 650, size: 34 },
  eyebrow: { family: 'body', weight: 800, size: 24, tracking: 0.08 },
  title: { family: 'display', weight: 650, size: 66 },
  subtitle: { family: 'body', weight: 600, size: 29 },
};

/** Lays out one line of text: SVG path data with the baseline's left end at (x, y), and its width. */
export interface TextShaper {
  line(text: string, role: TextRole, x: number, y: number): { d: string; width: number };
}

/** Where the text column ends: the picture's disc starts beyond it. */
export const TEXT_LEFT = 80;
export const TEXT_MAX_WIDTH = 650;

const ICONS: Record<Icon, (dark: string) => string> = {
  book: (c) =>
    `<path d="M-118 -62 Q-60 -88 0 -58 L0 84 Q-60 54 -118 80 Z" fill="#fff" stroke="${c}" stroke-width="10" stroke-linejoin="round"/>` +
    `<path d="M118 -62 Q60 -88 0 -58 L0 84 Q60 54 118 80 Z" fill="#fff" stroke="${c}" stroke-width="10" stroke-linejoin="round"/>` +
    `<path d="M-92 -32 Q-56 -46 -24 -30 M-92 -2 Q-56 -16 -24 0 M-92 28 Q-56 14 -24 30 M24 -30 Q56 -46 92 -32 M24 0 Q56 -16 92 -2" fill="none" stroke="${c}" stroke-width="7" stroke-linecap="round" opacity="0.55"/>`,
  stars: (c) =>
    [-80, 0, 80]
      .map(
        (x, i) =>
          `<path transform="translate(${x} ${i === 1 ? -26 : 22}) scale(${i === 1 ? 1.25 : 1})" d="${starPath(44)}" fill="${i === 1 ? COLOURS.marigold : '#fff'}" stroke="${c}" stroke-width="8" stroke-linejoin="round"/>`,
      )
      .join(''),
  quill: (c) =>
    `<path d="M86 -104 Q-40 -70 -66 62 L-48 70 Q6 -40 86 -104 Z" fill="#fff" stroke="${c}" stroke-width="9" stroke-linejoin="round"/>` +
    `<path d="M86 -104 Q40 20 -48 70" fill="none" stroke="${c}" stroke-width="9" stroke-linecap="round"/>` +
    `<path d="M-66 62 L-96 112" stroke="${c}" stroke-width="10" stroke-linecap="round"/>` +
    `<path d="M-120 112 H40" stroke="${c}" stroke-width="8" stroke-linecap="round" opacity="0.55"/>`,
  calendar: (c) =>
    `<rect x="-112" y="-84" width="224" height="190" rx="22" fill="#fff" stroke="${c}" stroke-width="10"/>` +
    `<path d="M-112 -30 H112" stroke="${c}" stroke-width="10"/>` +
    `<path d="M-56 -110 V-62 M56 -110 V-62" stroke="${c}" stroke-width="12" stroke-linecap="round"/>` +
    [-60, 0, 60]
      .flatMap((x) => [10, 60].map((y) => ({ x, y })))
      .map(
        ({ x, y }, i) =>
          `<rect x="${x - 17}" y="${y - 15}" width="34" height="30" rx="7" fill="${i === 3 ? COLOURS.marigold : c}" opacity="${i === 3 ? 1 : 0.75}"/>`,
      )
      .join(''),
  microphone: (c) =>
    `<rect x="-46" y="-118" width="92" height="152" rx="46" fill="#fff" stroke="${c}" stroke-width="10"/>` +
    `<path d="M-46 -60 H-14 M-46 -30 H-14 M14 -60 H46 M14 -30 H46" stroke="${c}" stroke-width="7" stroke-linecap="round" opacity="0.55"/>` +
    `<path d="M-84 -8 Q-84 76 0 76 Q84 76 84 -8" fill="none" stroke="${c}" stroke-width="10" stroke-linecap="round"/>` +
    `<path d="M0 76 V116 M-44 116 H44" stroke="${c}" stroke-width="10" stroke-linecap="round"/>`,
  people: (c) =>
    `<circle cx="-50" cy="-46" r="38" fill="#fff" stroke="${c}" stroke-width="10"/>` +
    `<path d="M-118 92 Q-118 4 -50 4 Q18 4 18 92 Z" fill="#fff" stroke="${c}" stroke-width="10" stroke-linejoin="round"/>` +
    `<circle cx="64" cy="-14" r="30" fill="${COLOURS.marigold}" stroke="${c}" stroke-width="10"/>` +
    `<path d="M18 92 Q18 26 64 26 Q116 26 116 92 Z" fill="${COLOURS.marigold}" stroke="${c}" stroke-width="10" stroke-linejoin="round"/>`,
  heart: (c) =>
    `<path d="M0 96 C-70 50 -118 4 -118 -44 C-118 -86 -86 -110 -54 -110 C-28 -110 -10 -96 0 -76 C10 -96 28 -110 54 -110 C86 -110 118 -86 118 -44 C118 4 70 50 0 96 Z" fill="#fff" stroke="${c}" stroke-width="10" stroke-linejoin="round"/>` +
    `<path transform="translate(0 -20)" d="${starPath(34)}" fill="${COLOURS.marigold}" stroke="${c}" stroke-width="7" stroke-linejoin="round"/>`,
};

/** A five-pointed star of outer radius r, centred on the origin. */
function starPath(r: number): string {
  const points = Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    return `${(radius * Math.cos(angle)).toFixed(1)} ${(radius * Math.sin(angle)).toFixed(1)}`;
  });
  return `M${points.join(' L')} Z`;
}

/** One card as a 1200 × 630 SVG, every letter an outline from the shaper. */
export function socialCardSvg(kind: SocialCardKind, shaper: TextShaper): string {
  const card = SOCIAL_CARDS[kind];
  const tone = TONES[card.tone];
  const { width, height } = SOCIAL_CARD_SIZE;
  const text = (value: string, role: TextRole, x: number, y: number, fill: string) =>
    `<path fill="${fill}" d="${shaper.line(value, role, x, y).d}"/>`;

  // The brand: the round Q badge of the navigation bar, then the name.
  const badge = shaper.line('Q', 'badge', 0, 0).width;
  const brand =
    `<circle cx="112" cy="100" r="32" fill="${COLOURS.teal700}"/>` +
    text('Q', 'badge', 112 - badge / 2, 114, COLOURS.white) +
    text('Quill Reads', 'brand', 160, 112, COLOURS.ink);

  const titleTop = card.title.length > 1 ? 300 : 340;
  const titleLines = card.title.map((line, i) =>
    text(line, 'title', TEXT_LEFT, titleTop + i * 80, COLOURS.teal900),
  );
  const subtitleTop = titleTop + (card.title.length - 1) * 80 + 70;
  const subtitleLines = card.subtitle.map((line, i) =>
    text(line, 'subtitle', TEXT_LEFT, subtitleTop + i * 42, COLOURS.inkSoft),
  );

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<defs><linearGradient id="paper" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${COLOURS.paper}"/><stop offset="1" stop-color="${COLOURS.paperDeep}"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#paper)"/>`,
    `<circle cx="990" cy="300" r="250" fill="${tone.light}"/>`,
    `<circle cx="1150" cy="70" r="64" fill="${COLOURS.marigold}" opacity="0.85"/>`,
    `<circle cx="820" cy="540" r="26" fill="${tone.dark}" opacity="0.18"/>`,
    `<g transform="translate(990 300) scale(1.15)">${ICONS[card.icon](tone.dark)}</g>`,
    brand,
    text(card.eyebrow.toUpperCase(), 'eyebrow', TEXT_LEFT, 214, COLOURS.coral700),
    ...titleLines,
    ...subtitleLines,
    `<rect y="${height - 18}" width="${width}" height="18" fill="${COLOURS.teal700}"/>`,
    `<rect y="${height - 18}" width="220" height="18" fill="${COLOURS.marigold}"/>`,
    '</svg>',
  ].join('');
}
