/**
 * School: a chalkboard green with a pencil orange, slab-serif headings, exercise-book margins.
 * Palette: 0 slate, 1 paper, 2 chalkboard green, 3 pencil orange, 4 sky.
 */
import { blueprintSeed, startAlbum, type BlueprintMeta, type BlueprintSeed } from '../blueprint.ts';
import type { ElementSink } from '../doc.ts';
import { auto, label, verticalLine } from '../elements.ts';
import { PAGE_H, PAGE_W, outerX, pageX, type Side } from '../geometry.ts';
import { contentSpread, type PageTheme } from '../layouts.ts';
import { albumAndDate, albumFacts, boxGrid, pageFill, symbolBadge } from '../pieces.ts';
import { styleFamily } from '../text.ts';

const meta: BlueprintMeta = {
  id: 'school-yearbook',
  title: 'School Yearbook',
  category: 'school',
  colors: ['#1F2A37', '#FFFDF7', '#2F6F5E', '#F4A259', '#DCEBF5'],
  fonts: { title: 'Roboto Slab', sub_title: 'Nunito', paragraph: 'Nunito' },
  stickerTemplateId: 595,
};

const SLATE = 0;
const PAPER = 1;
const GREEN = 2;
const ORANGE = 3;
const SKY = 4;

const slab = styleFamily({ font: 'title', bold: true, lineHeight: 120 });
const tag = styleFamily({ font: 'sub_title', bold: true, uppercase: true, letterSpacing: 2 });
const body = styleFamily({ font: 'paragraph', lineHeight: 150 });

/** A pencil lying flat: body, ferrule, sharpened tip. */
function pencil(spread: ElementSink, x: number, y: number, length: number): void {
  spread.rect({ x, y, width: 8, height: 6, fill: SKY, borderRadius: 1 });
  spread.rect({ x: x + 8, y, width: 4, height: 6, fill: SLATE, opacity: 40 });
  spread.rect({ x: x + 12, y, width: length - 22, height: 6, fill: ORANGE });
  spread.rect({ x: x + length - 10, y, width: 6, height: 6, fill: PAPER, stroke: ORANGE, strokeWidth: 0.4 });
  spread.rect({ x: x + length - 4, y: y + 2, width: 4, height: 2, fill: SLATE });
}

/** The red margin line of an exercise book, on the outer side of each page. */
function margin(spread: ElementSink, side: Side): void {
  const x = side === 'left' ? 18 : PAGE_W * 2 - 18;
  verticalLine(spread, x, 0, PAGE_H, { stroke: ORANGE, strokeWidth: 0.5, opacity: 70 });
}

const theme: PageTheme = {
  contentPage(spread, side) {
    spread.rect({ x: pageX(side), y: 0, width: PAGE_W, height: 8, fill: SKY });
    margin(spread, side);
  },
  runningHeader(spread, side) {
    const x = outerX(side, 28, 120);
    spread.rect({ x, y: 8, width: 120, height: 24, fill: GREEN, borderRadius: 2 });
    auto(
      spread,
      'section',
      { x: x + 8, y: 14, width: 104, height: 12 },
      slab(16, { align: 'center' }),
      PAPER,
    );
  },
  featureHeader(spread, side, copy) {
    const x = pageX(side) + 22;
    const align = side === 'left' ? 'left' : 'right';
    spread.rect({
      x,
      y: 14,
      width: PAGE_W - 44,
      height: 98,
      fill: GREEN,
      stroke: ORANGE,
      strokeWidth: 2,
      borderRadius: 3,
    });
    spread.rect({ x: x + 130, y: 104, width: 16, height: 3, fill: PAPER, opacity: 85, borderRadius: 1 });
    label(
      spread,
      { x: outerX(side, 34, 150), y: 28, width: 150, height: 6 },
      copy.kicker,
      tag(8, { align }),
      ORANGE,
    );
    auto(
      spread,
      'section',
      { x: outerX(side, 34, 162), y: 38, width: 162, height: 22 },
      slab(34, { align }),
      PAPER,
    );
    label(
      spread,
      { x: outerX(side, 34, 140), y: 68, width: 140, height: 28 },
      copy.intro,
      body(10, { align }),
      PAPER,
      {
        opacity: 90,
      },
    );
  },
  pageNumber(spread, side) {
    const box = { x: outerX(side, 26, 14), y: 276, width: 14, height: 10 };
    symbolBadge(
      spread,
      'rect',
      box,
      { fill: ORANGE, borderRadius: 2 },
      { symbol: 'pagenum', textTop: 2, style: slab(10, { align: 'center' }), fill: PAPER },
    );
  },
};

function coverSpread(spread: ElementSink): void {
  // Back cover.
  pageFill(spread, 'left', { fill: SKY });
  margin(spread, 'left');
  label(
    spread,
    { x: 30, y: 70, width: 170, height: 6 },
    'Collect the whole class',
    tag(9, { align: 'center' }),
    GREEN,
  );
  auto(
    spread,
    'totalstickers',
    { x: 65, y: 84, width: 100, height: 30 },
    slab(60, { align: 'center' }),
    GREEN,
  );
  label(spread, { x: 65, y: 118, width: 100, height: 6 }, 'stickers', tag(9, { align: 'center' }), SLATE);
  label(
    spread,
    { x: 40, y: 140, width: 150, height: 26 },
    'Teachers, classmates and the best days of the school year. Swap your doubles in the break and complete the album together.',
    body(10, { align: 'center' }),
    SLATE,
  );
  pencil(spread, 75, 196, 80);
  auto(spread, 'album', { x: 30, y: 268, width: 170, height: 6 }, tag(7, { align: 'center' }), SLATE);

  // Front cover: a chalkboard in a wooden frame.
  pageFill(spread, 'right', { fill: ORANGE });
  spread.rect({ x: 242, y: 12, width: 206, height: 273, fill: GREEN, borderRadius: 3 });
  spread.circle({ x: 380, y: 30, width: 50, height: 50, stroke: PAPER, strokeWidth: 0.8, opacity: 35 });
  spread.line({ x: 262, y: 240, width: 166, height: 1, stroke: PAPER, strokeWidth: 0.5, opacity: 40 });
  label(
    spread,
    { x: 262, y: 90, width: 166, height: 8 },
    'Our school year',
    tag(11, { align: 'center' }),
    ORANGE,
  );
  auto(
    spread,
    'album',
    { x: 258, y: 104, width: 174, height: 52 },
    slab(44, { align: 'center', lineHeight: 100 }),
    PAPER,
  );
  label(spread, { x: 290, y: 170, width: 50, height: 8 }, 'Class of', tag(10, { align: 'right' }), PAPER);
  auto(spread, 'release_date', { x: 344, y: 170, width: 60, height: 8 }, tag(10, { align: 'left' }), ORANGE);
  pencil(spread, 305, 250, 80);
}

function introSpread(spread: ElementSink): void {
  theme.contentPage(spread, 'left');
  label(spread, { x: 28, y: 30, width: 174, height: 6 }, 'Welcome to', tag(8), ORANGE);
  auto(spread, 'album', { x: 28, y: 40, width: 174, height: 36 }, slab(32), GREEN);
  label(
    spread,
    { x: 28, y: 84, width: 174, height: 46 },
    'This album is about us: the teachers who put up with us, the classmates we share our desks with and everything we learned, laughed about and lived through this year.',
    body(11),
    SLATE,
  );
  albumFacts(['Stickers', 'Pages', 'School year'], (fact, i) => {
    const x = 28 + i * 59;
    spread.rect({ x, y: 150, width: 54, height: 44, fill: i === 1 ? ORANGE : GREEN, borderRadius: 3 });
    auto(spread, fact.symbol, { x, y: 159, width: 54, height: 14 }, slab(22, { align: 'center' }), PAPER);
    label(spread, { x, y: 178, width: 54, height: 6 }, fact.caption, tag(6.5, { align: 'center' }), PAPER);
  });
  pencil(spread, 28, 224, 110);
  theme.pageNumber(spread, 'left');

  theme.contentPage(spread, 'right');
  label(spread, { x: 258, y: 30, width: 174, height: 6 }, "Today's lessons", tag(8), ORANGE);
  label(spread, { x: 258, y: 40, width: 174, height: 18 }, 'Contents', slab(32), GREEN);
  for (let row = 0; row < 8; row++) {
    spread.line({ x: 258, y: 86 + row * 14, width: 174, height: 1, stroke: SKY, strokeWidth: 0.5 });
  }
  auto(
    spread,
    'toc_sections',
    { x: 258, y: 76, width: 174, height: 112 },
    { font: 'sub_title', size: 14, bold: true, lineHeight: 200 },
    SLATE,
  );
  spread.rect({ x: 258, y: 210, width: 174, height: 48, fill: SKY, borderRadius: 3 });
  label(
    spread,
    { x: 268, y: 218, width: 154, height: 34 },
    [
      'How it works',
      'Each sticker has a number. Find its box, peel it carefully and press it flat from the centre outwards.',
    ],
    body(9.5),
    SLATE,
  );
  theme.pageNumber(spread, 'right');
}

function closingSpread(spread: ElementSink): void {
  theme.contentPage(spread, 'left');
  label(spread, { x: 28, y: 30, width: 174, height: 6 }, 'Sign here', tag(8), ORANGE);
  label(spread, { x: 28, y: 40, width: 174, height: 18 }, 'Autographs', slab(32), GREEN);
  boxGrid(spread, { x: 28, y: 76, rows: 4, cols: 2, width: 84, height: 42, stepX: 90, stepY: 48 }, () => ({
    fill: PAPER,
    stroke: GREEN,
    strokeWidth: 0.5,
    borderRadius: 3,
  }));
  theme.pageNumber(spread, 'left');

  pageFill(spread, 'right', { fill: ORANGE });
  spread.rect({ x: 242, y: 12, width: 206, height: 273, fill: GREEN, borderRadius: 3 });
  label(
    spread,
    { x: 262, y: 100, width: 166, height: 8 },
    'That was our year',
    tag(11, { align: 'center' }),
    ORANGE,
  );
  label(
    spread,
    { x: 258, y: 114, width: 174, height: 40 },
    ['Have a great', 'summer!'],
    slab(36, { align: 'center' }),
    PAPER,
  );
  albumAndDate(spread, { x: 262, y: 170, width: 166, height: 6 }, 8, tag(8, { align: 'center' }), {
    album: PAPER,
    date: ORANGE,
  });
  pencil(spread, 305, 230, 80);
  auto(spread, 'pagenum', { x: 405, y: 270, width: 20, height: 6 }, slab(10, { align: 'right' }), PAPER);
}

export function schoolYearbook(): BlueprintSeed {
  const album = startAlbum(meta, 'sch');
  const intro = album.section('Cover & welcome', { static: true });
  coverSpread(album.spread(intro, SKY));
  introSpread(album.spread(intro, PAPER));

  const teachers = album.section('Our teachers');
  contentSpread(album, teachers, theme, 'featureDouble5', 'grid9', {
    kicker: 'In front of the board',
    intro: 'Head teacher, class teachers, subject teachers and the people in the office who know everything.',
  });

  const classA = album.section('Class A');
  contentSpread(album, classA, theme, 'feature6', 'grid9', {
    kicker: 'Row by row',
    intro: 'Everybody in Class A, from the front row to the back row by the window.',
  });
  contentSpread(album, classA, theme, 'grid9', 'grid9', { kicker: '', intro: '' });

  const classB = album.section('Class B');
  contentSpread(album, classB, theme, 'feature6', 'double8', {
    kicker: 'Row by row',
    intro: 'Everybody in Class B, plus the class trip, sports day and the school play.',
  });

  const closing = album.section('Closing', { static: true });
  closingSpread(album.spread(closing, PAPER));

  return blueprintSeed(meta, album);
}
