/**
 * Wedding: champagne and dusty rose with a sage accent, a serif italic for names, fine double frames.
 * Palette: 0 warm ink, 1 ivory, 2 dusty rose, 3 sage, 4 champagne.
 */
import { blueprintSeed, startAlbum, type BlueprintMeta, type BlueprintSeed } from '../blueprint.ts';
import type { ElementSink } from '../doc.ts';
import { auto, label } from '../elements.ts';
import { PAGE_H, PAGE_W, pageX, type Side } from '../geometry.ts';
import { contentSpread, type PageTheme } from '../layouts.ts';
import { albumAndDate, albumFacts, pageFill } from '../pieces.ts';
import { styleFamily } from '../text.ts';

const meta: BlueprintMeta = {
  id: 'wedding-classic',
  title: 'Classic Wedding',
  category: 'wedding',
  colors: ['#3B3531', '#FFFDF9', '#B0737E', '#8C9A7E', '#EFE4D6'],
  fonts: { title: 'Playfair Display', sub_title: 'Raleway', paragraph: 'Lato' },
  stickerTemplateId: 609,
};

const INK = 0;
const IVORY = 1;
const ROSE = 2;
const SAGE = 3;
const CHAMPAGNE = 4;

const serif = styleFamily({ font: 'title', italic: true, align: 'center', lineHeight: 120 });
const smallCaps = styleFamily({ font: 'sub_title', uppercase: true, letterSpacing: 4, align: 'center' });
const body = styleFamily({ font: 'paragraph', lineHeight: 150, align: 'center' });

/** A centred line - dot - line ornament. */
function ornament(spread: ElementSink, cx: number, y: number, halfWidth: number, colour: number): void {
  spread.line({ x: cx - halfWidth, y, width: halfWidth - 5, height: 1, stroke: colour, strokeWidth: 0.4 });
  spread.circle({ x: cx - 1.6, y: y - 1.1, width: 3.2, height: 3.2, fill: colour });
  spread.line({ x: cx + 5, y, width: halfWidth - 5, height: 1, stroke: colour, strokeWidth: 0.4 });
}

/** The fine double frame every page carries. */
function doubleFrame(spread: ElementSink, side: Side, colour: number, inset = 8): void {
  const x = pageX(side);
  spread.rect({
    x: x + inset,
    y: inset,
    width: PAGE_W - inset * 2,
    height: PAGE_H - inset * 2,
    stroke: colour,
    strokeWidth: 0.6,
  });
  spread.rect({
    x: x + inset + 2.5,
    y: inset + 2.5,
    width: PAGE_W - inset * 2 - 5,
    height: PAGE_H - inset * 2 - 5,
    stroke: colour,
    strokeWidth: 0.25,
  });
}

const theme: PageTheme = {
  contentPage(spread, side) {
    doubleFrame(spread, side, CHAMPAGNE);
  },
  runningHeader(spread, side) {
    const cx = pageX(side) + PAGE_W / 2;
    auto(spread, 'section', { x: cx - 80, y: 20, width: 160, height: 12 }, serif(22), ROSE);
    ornament(spread, cx, 37, 28, CHAMPAGNE);
  },
  featureHeader(spread, side, copy) {
    const x = pageX(side);
    const cx = x + PAGE_W / 2;
    spread.rect({ x: x + 13, y: 13, width: PAGE_W - 26, height: 100, fill: CHAMPAGNE, opacity: 45 });
    label(spread, { x: cx - 80, y: 28, width: 160, height: 6 }, copy.kicker, smallCaps(8), SAGE);
    auto(spread, 'section', { x: cx - 95, y: 40, width: 190, height: 22 }, serif(40), ROSE);
    ornament(spread, cx, 70, 34, ROSE);
    label(
      spread,
      { x: cx - 75, y: 78, width: 150, height: 24 },
      copy.intro,
      body(9.5, { italic: true }),
      INK,
    );
  },
  pageNumber(spread, side) {
    const cx = pageX(side) + PAGE_W / 2;
    auto(spread, 'pagenum', { x: cx - 10, y: 277, width: 20, height: 6 }, serif(10), ROSE);
  },
};

/** Two overlapping rings: the wedding bands. */
function rings(spread: ElementSink, cx: number, y: number, size: number, colour: number): void {
  spread.circle({ x: cx - size * 0.8, y, width: size, height: size, stroke: colour, strokeWidth: 0.8 });
  spread.circle({ x: cx - size * 0.2, y, width: size, height: size, stroke: colour, strokeWidth: 0.8 });
}

function coverSpread(spread: ElementSink): void {
  // Back cover.
  pageFill(spread, 'left', { fill: CHAMPAGNE });
  doubleFrame(spread, 'left', IVORY, 12);
  rings(spread, 115, 82, 22, ROSE);
  label(spread, { x: 35, y: 118, width: 160, height: 14 }, 'Collect every guest', serif(24), INK);
  label(
    spread,
    { x: 45, y: 138, width: 140, height: 24 },
    'Family and friends, all in one album: swap your doubles at the reception and fill every page together.',
    body(9.5),
    INK,
  );
  auto(spread, 'totalstickers', { x: 85, y: 178, width: 60, height: 16 }, serif(32, { italic: false }), ROSE);
  label(spread, { x: 65, y: 196, width: 100, height: 6 }, 'stickers to collect', smallCaps(7), INK);
  auto(spread, 'album', { x: 35, y: 262, width: 160, height: 6 }, smallCaps(7), SAGE);

  // Front cover.
  pageFill(spread, 'right', { fill: CHAMPAGNE });
  doubleFrame(spread, 'right', IVORY, 12);
  spread.circle({ x: 270, y: 78, width: 150, height: 150, fill: IVORY });
  spread.circle({ x: 266, y: 74, width: 158, height: 158, stroke: ROSE, strokeWidth: 0.5 });
  label(spread, { x: 265, y: 46, width: 160, height: 6 }, 'Our wedding', smallCaps(9), SAGE);
  rings(spread, 345, 104, 16, ROSE);
  auto(spread, 'album', { x: 280, y: 130, width: 130, height: 36 }, serif(34), INK);
  ornament(spread, 345, 176, 30, ROSE);
  auto(spread, 'release_date', { x: 295, y: 184, width: 100, height: 8 }, smallCaps(10), ROSE);
  label(spread, { x: 265, y: 254, width: 160, height: 6 }, 'The sticker album', smallCaps(8), INK);
}

function introSpread(spread: ElementSink): void {
  theme.contentPage(spread, 'left');
  label(spread, { x: 35, y: 36, width: 160, height: 6 }, 'Welcome to', smallCaps(8), SAGE);
  auto(spread, 'album', { x: 25, y: 46, width: 180, height: 30 }, serif(36), ROSE);
  ornament(spread, 115, 86, 34, ROSE);
  label(
    spread,
    { x: 40, y: 98, width: 150, height: 50 },
    'Thank you for celebrating with us. Every face in this album is part of our story: the families who raised us, the friends who stood by us and everyone who danced with us tonight.',
    body(10.5, { italic: true }),
    INK,
  );
  albumFacts(['Stickers', 'Pages', 'Our day'], (fact, i) => {
    const cx = 55 + i * 60;
    spread.circle({ x: cx - 24, y: 176, width: 48, height: 48, fill: CHAMPAGNE, opacity: 60 });
    spread.circle({ x: cx - 26, y: 174, width: 52, height: 52, stroke: ROSE, strokeWidth: 0.4 });
    auto(
      spread,
      fact.symbol,
      { x: cx - 24, y: 190, width: 48, height: 12 },
      serif(20, { italic: false }),
      ROSE,
    );
    label(
      spread,
      { x: cx - 24, y: 205, width: 48, height: 5 },
      fact.caption,
      smallCaps(6, { letterSpacing: 2 }),
      INK,
    );
  });
  theme.pageNumber(spread, 'left');

  theme.contentPage(spread, 'right');
  label(spread, { x: 265, y: 36, width: 160, height: 6 }, 'In this album', smallCaps(8), SAGE);
  label(spread, { x: 265, y: 46, width: 160, height: 18 }, 'Contents', serif(36), ROSE);
  ornament(spread, 345, 76, 34, ROSE);
  auto(
    spread,
    'toc_sections',
    { x: 275, y: 92, width: 140, height: 110 },
    { font: 'title', size: 15, align: 'center', lineHeight: 200 },
    INK,
  );
  label(
    spread,
    { x: 275, y: 226, width: 140, height: 30 },
    'Find each sticker by its number, peel it carefully and press it into its frame from the centre outwards.',
    body(9),
    INK,
  );
  theme.pageNumber(spread, 'right');
}

function closingSpread(spread: ElementSink): void {
  theme.contentPage(spread, 'left');
  label(spread, { x: 35, y: 30, width: 160, height: 6 }, 'For the two of you', smallCaps(8), SAGE);
  label(spread, { x: 25, y: 40, width: 180, height: 18 }, 'Wishes & words', serif(32), ROSE);
  ornament(spread, 115, 66, 34, ROSE);
  for (let row = 0; row < 12; row++) {
    spread.line({ x: 32, y: 86 + row * 15, width: 166, height: 1, stroke: CHAMPAGNE, strokeWidth: 0.5 });
  }
  theme.pageNumber(spread, 'left');

  pageFill(spread, 'right', { fill: CHAMPAGNE, opacity: 60 });
  theme.contentPage(spread, 'right');
  rings(spread, 345, 92, 22, ROSE);
  label(spread, { x: 255, y: 128, width: 180, height: 22 }, 'Thank you', serif(44), ROSE);
  label(
    spread,
    { x: 280, y: 156, width: 130, height: 20 },
    'for being part of our day and for every sticker in this album.',
    body(10, { italic: true }),
    INK,
  );
  ornament(spread, 345, 186, 30, ROSE);
  albumAndDate(spread, { x: 265, y: 194, width: 160, height: 8 }, 10, smallCaps(8), {
    album: INK,
    date: SAGE,
  });
  theme.pageNumber(spread, 'right');
}

export function weddingClassic(): BlueprintSeed {
  const album = startAlbum(meta, 'wed');
  const intro = album.section('Cover & welcome', { static: true });
  coverSpread(album.spread(intro, CHAMPAGNE));
  introSpread(album.spread(intro, IVORY));

  const bride = album.section('Family of the bride');
  contentSpread(album, bride, theme, 'feature6', 'grid9', {
    kicker: 'Where she comes from',
    intro: 'Parents, grandparents, brothers, sisters, aunts and cousins: the family who raised the bride.',
  });
  contentSpread(album, bride, theme, 'grid9', 'double8', { kicker: '', intro: '' });

  const groom = album.section('Family of the groom');
  contentSpread(album, groom, theme, 'feature6', 'grid9', {
    kicker: 'Where he comes from',
    intro: 'The family who taught the groom everything, from the first steps to the first dance.',
  });
  // Both families get two spreads; the inlay (every spread but the cover) must be even to bind (SPEC §9 rule in
  // packages/model rules/preflight.ts), so a template that broke it could not be ordered as it comes.
  contentSpread(album, groom, theme, 'grid9', 'double8', { kicker: '', intro: '' });

  const friends = album.section('Friends');
  contentSpread(album, friends, theme, 'featureDouble5', 'grid9', {
    kicker: 'The people we chose',
    intro: 'School friends, flatmates, colleagues and the ones who were there for every chapter.',
  });
  contentSpread(album, friends, theme, 'double8', 'grid9', { kicker: '', intro: '' });

  const closing = album.section('Closing', { static: true });
  closingSpread(album.spread(closing, IVORY));

  return blueprintSeed(meta, album);
}
