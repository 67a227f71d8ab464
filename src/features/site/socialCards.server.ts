import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { create, type Font, type Glyph } from 'fontkit';
import sharp from 'sharp';
import {
  type SocialCardKind,
  socialCardSvg,
  TEXT_ROLES,
  type TextRole,
  type TextShaper,
} from './socialCards';

// Build time only: src/pages/social/[card].png.ts pre-renders each card into dist/client/social/.
// The letters are drawn from the same variable fonts the pages load (@fontsource-variable), as
// outlines, so the picture never depends on the fonts installed on the building machine.

const require = createRequire(import.meta.url);

/** A font file of a @fontsource-variable package (its exports name only CSS, so find the folder). */
const fontFile = (pkg: string, file: string) =>
  join(dirname(require.resolve(`@fontsource-variable/${pkg}/LICENSE`)), 'files', file);

const FONT_FILES = {
  display: fontFile('fraunces', 'fraunces-latin-wght-normal.woff2'),
  body: fontFile('nunito', 'nunito-latin-wght-normal.woff2'),
} as const;

/** The parts of fontkit's WOFF2 font this module reaches into (see `atWeight`). */
interface Point {
  x: number;
  y: number;
  copy(): Point;
}
interface RawGlyph {
  numberOfContours: number;
  points?: Point[];
  components?: { dx: number; dy: number }[];
}
type Woff2Font = Font & {
  variationCoords: number[] | null;
  fvar: { axis: { axisTag: string; defaultValue: number }[] };
  _transformGlyfTable(): void;
  _transformedGlyphs: (RawGlyph | undefined)[];
  _glyphs: Record<number, Glyph | undefined>;
  _getBaseGlyph(id: number, characters?: number[]): Glyph | undefined;
  _variationProcessor: { transformPoints(id: number, points: Point[]): void };
};
type PointClass = new (onCurve: boolean, endContour: boolean, x: number, y: number) => Point;

/**
 * A variable WOFF2 font at one weight. fontkit 2 reads WOFF2 outlines and applies variations to
 * TrueType fonts, but not both at once (its WOFF2 glyphs skip the gvar deltas, and a composite glyph
 * fails), so this applies the deltas itself: the outlines are decoded once at the default weight,
 * then each glyph's points (and a composite's offsets) go through fontkit's own variation processor.
 * The phantom points are zero: these fonts carry HVAR, which is what sets the advance widths.
 */
function atWeight(buffer: Buffer, weight: number): Font {
  const plain = create(buffer) as Woff2Font;
  plain._transformGlyfTable();
  const decoded = plain._transformedGlyphs;
  const PointOf = decoded.find((g) => g?.points?.length)?.points?.[0]?.constructor as PointClass;

  const font = create(buffer) as Woff2Font;
  font.variationCoords = font.fvar.axis.map((a) => (a.axisTag.trim() === 'wght' ? weight : a.defaultValue));
  font._transformedGlyphs = decoded;
  const baseGlyph = font._getBaseGlyph.bind(font);
  font._getBaseGlyph = (id, characters) => {
    const fresh = !font._glyphs[id];
    const glyph = baseGlyph(id, characters);
    if (!fresh || !glyph) return glyph;
    let varied: RawGlyph | undefined;
    (glyph as unknown as { _decode(): RawGlyph | undefined })._decode = () => {
      const raw = decoded[id];
      if (varied || !raw || raw.numberOfContours === 0) return varied ?? raw;
      const copy: RawGlyph = { ...raw };
      let points: Point[];
      if (raw.numberOfContours > 0) {
        copy.points = (raw.points ?? []).map((p) => p.copy());
        points = copy.points.slice();
      } else {
        copy.components = (raw.components ?? []).map((c) => ({ ...c }));
        points = copy.components.map((c) => new PointOf(true, true, c.dx, c.dy));
      }
      for (let i = 0; i < 4; i++) points.push(new PointOf(false, true, 0, 0));
      font._variationProcessor.transformPoints(id, points);
      copy.components?.forEach((c, i) => {
        c.dx = points[i]?.x ?? c.dx;
        c.dy = points[i]?.y ?? c.dy;
      });
      varied = copy;
      return varied;
    };
    return glyph;
  };
  return font;
}

let shaper: TextShaper | undefined;

/** Lays text out with kerning from the site's fonts, as SVG outlines. */
function siteShaper(): TextShaper {
  if (shaper) return shaper;
  const buffers = { display: readFileSync(FONT_FILES.display), body: readFileSync(FONT_FILES.body) };
  const fonts = new Map<TextRole, Font>();
  const fontFor = (role: TextRole) => {
    let font = fonts.get(role);
    if (!font) {
      const { family, weight } = TEXT_ROLES[role];
      font = atWeight(buffers[family], weight);
      fonts.set(role, font);
    }
    return font;
  };
  shaper = {
    line(text, role, x, y) {
      const font = fontFor(role);
      const { size, tracking = 0 } = TEXT_ROLES[role];
      const scale = size / font.unitsPerEm;
      const run = font.layout(text);
      let pen = 0;
      let d = '';
      run.glyphs.forEach((glyph, i) => {
        const at = run.positions[i];
        const gx = x + (pen + (at?.xOffset ?? 0)) * scale;
        const gy = y - (at?.yOffset ?? 0) * scale;
        d += glyph.path.scale(scale, -scale).translate(gx, gy).toSVG();
        pen += (at?.xAdvance ?? glyph.advanceWidth) + tracking * font.unitsPerEm;
      });
      const width = (pen - (run.glyphs.length > 0 ? tracking * font.unitsPerEm : 0)) * scale;
      return { d: roundPath(d), width };
    },
  };
  return shaper;
}

/** One decimal is far finer than a pixel, and keeps the SVG (and the build) small. */
const roundPath = (d: string) => d.replace(/-?\d+\.\d+/g, (n) => String(Math.round(Number(n) * 10) / 10));

/** The width of a line of card text, for the tests that keep every line inside its column. */
export const measureCardText = (text: string, role: TextRole) => siteShaper().line(text, role, 0, 0).width;

/** One card as a PNG: an indexed palette (flat colours), which keeps each file well under 100 KB. */
export async function renderSocialCard(kind: SocialCardKind): Promise<Buffer> {
  const svg = socialCardSvg(kind, siteShaper());
  return sharp(Buffer.from(svg)).png({ palette: true, compressionLevel: 9, effort: 10 }).toBuffer();
}
