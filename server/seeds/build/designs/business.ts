/**
 * Business: a clean corporate look, a blue-to-teal gradient, geometric circles, plenty of white.
 * Palette: 0 ink, 1 white, 2 blue, 3 teal, 4 cool grey.
 */
import { blueprintSeed, startAlbum, type BlueprintMeta, type BlueprintSeed } from '../blueprint.ts';
import type { ElementSink } from '../doc.ts';
import { auto, label } from '../elements.ts';
import { PAGE_H, PAGE_W, outerX, pageX } from '../geometry.ts';
import { contentSpread, type PageTheme } from '../layouts.ts';
import { albumAndDate, albumFacts, boxGrid, pageFill } from '../pieces.ts';
import { styleFamily } from '../text.ts';

const meta: BlueprintMeta = {
  id: 'business-team',
  title: 'Our Team',
  category: 'business',
  colors: ['#1A1F2B', '#FFFFFF', '#1F5EFF', '#12B5A6', '#EEF2F7'],
  fonts: { title: 'Poppins', sub_title: 'Montserrat', paragraph: 'Lato' },
  stickerTemplateId: 600,
};

const INK = 0;
const WHITE = 1;
const BLUE = 2;
const TEAL = 3;
const GREY = 4;
const BRAND = { type: 'linear' as const, colors: [BLUE, TEAL], direction: 45 };

const heading = styleFamily({ font: 'title', bold: true, lineHeight: 120 });
const eyebrow = styleFamily({ font: 'sub_title', bold: true, uppercase: true, letterSpacing: 2 });
const body = styleFamily({ font: 'paragraph', lineHeight: 150 });

const theme: PageTheme = {
  contentPage(spread, side) {
    spread.rect({ x: outerX(side, 0, 5), y: 0, width: 5, height: PAGE_H, fill: BRAND });
  },
  runningHeader(spread, side) {
    const align = side === 'left' ? 'left' : 'right';
    spread.rect({ x: outerX(side, 28, 10), y: 14, width: 10, height: 2.5, fill: BLUE });
    auto(
      spread,
      'section',
      { x: outerX(side, 28, 130), y: 20, width: 130, height: 12 },
      heading(20, { align }),
      INK,
    );
    auto(
      spread,
      'album',
      { x: outerX(side, PAGE_W - 28 - 60, 60), y: 25, width: 60, height: 6 },
      eyebrow(6.5, { align: side === 'left' ? 'right' : 'left' }),
      TEAL,
    );
  },
  featureHeader(spread, side, copy) {
    const align = side === 'left' ? 'left' : 'right';
    spread.rect({ x: pageX(side) + 16, y: 14, width: PAGE_W - 32, height: 98, fill: GREY, borderRadius: 4 });
    spread.circle({
      x: outerX(side, PAGE_W - 16 - 70, 70),
      y: 28,
      width: 70,
      height: 70,
      fill: BLUE,
      opacity: 10,
    });
    spread.circle({
      x: outerX(side, PAGE_W - 16 - 40, 44),
      y: 20,
      width: 44,
      height: 44,
      fill: TEAL,
      opacity: 18,
    });
    label(
      spread,
      { x: outerX(side, 28, 150), y: 30, width: 150, height: 6 },
      copy.kicker,
      eyebrow(8, { align }),
      BLUE,
    );
    auto(
      spread,
      'section',
      { x: outerX(side, 28, 160), y: 40, width: 160, height: 22 },
      heading(34, { align }),
      INK,
    );
    label(
      spread,
      { x: outerX(side, 28, 130), y: 70, width: 130, height: 30 },
      copy.intro,
      body(9.5, { align }),
      INK,
      {
        opacity: 80,
      },
    );
  },
  pageNumber(spread, side) {
    const align = side === 'left' ? 'left' : 'right';
    spread.rect({ x: outerX(side, 28, 6), y: 281.5, width: 6, height: 1, fill: BLUE });
    auto(
      spread,
      'pagenum',
      { x: outerX(side, 37, 20), y: 279, width: 20, height: 6 },
      eyebrow(8, { align }),
      INK,
    );
  },
};

function coverSpread(spread: ElementSink): void {
  // Back cover.
  pageFill(spread, 'left', { fill: GREY });
  spread.circle({ x: 140, y: 30, width: 60, height: 60, fill: TEAL, opacity: 20 });
  spread.circle({ x: 30, y: 200, width: 40, height: 40, fill: BLUE, opacity: 12 });
  label(spread, { x: 28, y: 96, width: 174, height: 6 }, 'One team, one album', eyebrow(8), BLUE);
  label(
    spread,
    { x: 28, y: 106, width: 174, height: 34 },
    ['Get to know', 'your colleagues'],
    heading(26),
    INK,
  );
  label(
    spread,
    { x: 28, y: 146, width: 150, height: 30 },
    'Open a pack, find the faces behind the e-mails and swap your doubles at the coffee machine.',
    body(10),
    INK,
    { opacity: 80 },
  );
  auto(spread, 'totalstickers', { x: 28, y: 184, width: 60, height: 18 }, heading(36), BLUE);
  label(spread, { x: 28, y: 204, width: 100, height: 6 }, 'stickers to collect', eyebrow(7), INK);
  auto(spread, 'album', { x: 28, y: 270, width: 174, height: 6 }, eyebrow(7), INK, { opacity: 70 });

  // Front cover.
  pageFill(spread, 'right', { fill: BRAND });
  spread.circle({ x: 330, y: 20, width: 120, height: 120, fill: WHITE, opacity: 8 });
  spread.circle({ x: 370, y: 60, width: 80, height: 80, stroke: WHITE, strokeWidth: 0.8, opacity: 35 });
  spread.circle({ x: 250, y: 200, width: 24, height: 24, fill: WHITE, opacity: 15 });
  label(spread, { x: 254, y: 150, width: 180, height: 6 }, 'The team sticker album', eyebrow(9), WHITE);
  auto(spread, 'album', { x: 254, y: 160, width: 190, height: 50 }, heading(48, { lineHeight: 100 }), WHITE);
  spread.rect({ x: 254, y: 216, width: 14, height: 3, fill: WHITE });
  auto(spread, 'release_date', { x: 254, y: 224, width: 100, height: 8 }, eyebrow(10), WHITE, {
    opacity: 85,
  });
  spread.rect({ x: 230, y: 262, width: PAGE_W, height: 35, fill: WHITE, opacity: 12 });
  label(spread, { x: 254, y: 275, width: 180, height: 6 }, 'People · Teams · Moments', eyebrow(8), WHITE);
}

function introSpread(spread: ElementSink): void {
  theme.contentPage(spread, 'left');
  label(spread, { x: 28, y: 32, width: 174, height: 6 }, 'Welcome to', eyebrow(8), BLUE);
  auto(spread, 'album', { x: 28, y: 42, width: 174, height: 40 }, heading(36), INK);
  spread.rect({ x: 28, y: 88, width: 14, height: 3, fill: BLUE });
  label(
    spread,
    { x: 28, y: 100, width: 174, height: 46 },
    'Behind every product, every project and every happy customer there are people. This album collects all of them, from the first day in the office to the latest new joiner. Collect, swap and say hello.',
    body(10.5),
    INK,
  );
  albumFacts(['Stickers', 'Pages', 'Edition'], (fact, i) => {
    const x = 28 + i * 59;
    spread.rect({ x, y: 170, width: 54, height: 46, fill: i === 0 ? BRAND : GREY, borderRadius: 4 });
    auto(
      spread,
      fact.symbol,
      { x: x + 6, y: 180, width: 44, height: 16 },
      heading(26),
      i === 0 ? WHITE : BLUE,
    );
    label(
      spread,
      { x: x + 6, y: 201, width: 44, height: 6 },
      fact.caption,
      eyebrow(7),
      i === 0 ? WHITE : INK,
    );
  });
  theme.pageNumber(spread, 'left');

  theme.contentPage(spread, 'right');
  label(spread, { x: 258, y: 32, width: 174, height: 6 }, 'In this album', eyebrow(8), BLUE);
  label(spread, { x: 258, y: 42, width: 174, height: 20 }, 'Contents', heading(36), INK);
  spread.rect({ x: 258, y: 70, width: 14, height: 3, fill: BLUE });
  auto(
    spread,
    'toc_sections',
    { x: 258, y: 84, width: 174, height: 110 },
    { font: 'sub_title', size: 14, bold: true, lineHeight: 200 },
    INK,
  );
  spread.rect({ x: 258, y: 214, width: 174, height: 50, fill: GREY, borderRadius: 4 });
  label(
    spread,
    { x: 268, y: 222, width: 154, height: 36 },
    [
      'How it works',
      'Every sticker has a number. Find its place, peel it carefully and press it flat from the centre outwards.',
    ],
    body(9),
    INK,
  );
  theme.pageNumber(spread, 'right');
}

function closingSpread(spread: ElementSink): void {
  theme.contentPage(spread, 'left');
  label(spread, { x: 28, y: 32, width: 174, height: 6 }, 'Leave a note', eyebrow(8), BLUE);
  label(spread, { x: 28, y: 42, width: 174, height: 20 }, 'Shout-outs', heading(36), INK);
  spread.rect({ x: 28, y: 70, width: 14, height: 3, fill: BLUE });
  boxGrid(
    spread,
    { x: 28, y: 88, rows: 3, cols: 2, width: 84, height: 56, stepX: 90, stepY: 62 },
    (row, col) => ({
      fill: row % 2 === col % 2 ? GREY : WHITE,
      stroke: GREY,
      strokeWidth: 0.5,
      borderRadius: 4,
    }),
  );
  theme.pageNumber(spread, 'left');

  pageFill(spread, 'right', { fill: BRAND });
  spread.circle({ x: 280, y: 40, width: 130, height: 130, stroke: WHITE, strokeWidth: 0.8, opacity: 30 });
  label(spread, { x: 254, y: 170, width: 180, height: 6 }, 'Thank you', eyebrow(9), WHITE);
  label(
    spread,
    { x: 254, y: 180, width: 190, height: 40 },
    ['Great things are', 'built together'],
    heading(30),
    WHITE,
  );
  albumAndDate(
    spread,
    { x: 254, y: 236, width: 180, height: 6 },
    8,
    eyebrow(8),
    { album: WHITE, date: WHITE },
    { opacity: 85 },
  );
  auto(spread, 'pagenum', { x: 404, y: 279, width: 20, height: 6 }, eyebrow(8, { align: 'right' }), WHITE);
}

export function businessTeam(): BlueprintSeed {
  const album = startAlbum(meta, 'biz');
  const intro = album.section('Cover & welcome', { static: true });
  coverSpread(album.spread(intro, GREY));
  introSpread(album.spread(intro, WHITE));

  const leadership = album.section('Leadership');
  contentSpread(album, leadership, theme, 'featureDouble5', 'feature6', {
    kicker: 'Who steers the ship',
    intro: 'The founders, managing directors and heads of department who set the course.',
  });

  const teams = album.section('Our teams');
  contentSpread(album, teams, theme, 'feature6', 'grid9', {
    kicker: 'Who makes it happen',
    intro: 'Sales, marketing, product, engineering, finance and operations: everyone who keeps us moving.',
  });
  contentSpread(album, teams, theme, 'grid9', 'grid9', { kicker: '', intro: '' });

  const life = album.section('Company life');
  contentSpread(album, life, theme, 'feature6', 'double8', {
    kicker: 'Moments we share',
    intro: 'Summer party, hackathon, the winter off-site and the first day of every new colleague.',
  });

  const closing = album.section('Closing', { static: true });
  closingSpread(album.spread(closing, WHITE));

  return blueprintSeed(meta, album);
}
