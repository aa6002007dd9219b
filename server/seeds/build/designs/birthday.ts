/**
 * Birthday: bright coral, turquoise and sunshine yellow, a script title, balloons and confetti.
 * Palette: 0 night blue, 1 white, 2 coral, 3 turquoise, 4 yellow.
 */
import { blueprintSeed, startAlbum, type BlueprintMeta, type BlueprintSeed } from '../blueprint.ts';
import type { ElementSink } from '../doc.ts';
import { auto, label, verticalLine } from '../elements.ts';
import { PAGE_W, outerX, pageX, type Side } from '../geometry.ts';
import { contentSpread, type PageTheme } from '../layouts.ts';
import { albumAndDate, albumFacts, boxGrid, pageFill, symbolBadge } from '../pieces.ts';
import { styleFamily } from '../text.ts';

const meta: BlueprintMeta = {
  id: 'birthday-party',
  title: 'Birthday Party',
  category: 'birthday',
  colors: ['#2B2D42', '#FFFFFF', '#FF6B6B', '#4ECDC4', '#FFD93D'],
  fonts: { title: 'Pacifico', sub_title: 'Poppins', paragraph: 'Nunito' },
  stickerTemplateId: 603,
};

const NIGHT = 0;
const WHITE = 1;
const CORAL = 2;
const TURQUOISE = 3;
const YELLOW = 4;
const SUNSET = { type: 'linear' as const, colors: [CORAL, YELLOW], direction: 135 };

const script = styleFamily({ font: 'title', lineHeight: 120 });
const round = styleFamily({ font: 'sub_title', bold: true, uppercase: true, letterSpacing: 1 });
const body = styleFamily({ font: 'paragraph', lineHeight: 150 });

/** A balloon: an oval, a knot and a string. */
function balloon(spread: ElementSink, x: number, y: number, size: number, colour: number): void {
  const h = size * 1.2;
  verticalLine(spread, x + size / 2, y + h + 1.5, size * 1.4, {
    stroke: NIGHT,
    strokeWidth: 0.3,
    opacity: 50,
  });
  spread.circle({ x, y, width: size, height: h, fill: colour });
  spread.circle({
    x: x + size * 0.22,
    y: y + h * 0.15,
    width: size * 0.18,
    height: size * 0.28,
    fill: WHITE,
    opacity: 45,
  });
  spread.rect({
    x: x + size / 2 - 1.2,
    y: y + h - 0.5,
    width: 2.4,
    height: 2,
    fill: colour,
    borderRadius: 0.5,
  });
}

/** Fixed confetti dots (page-relative x, y, diameter, colour) along the top and bottom margins. */
const CONFETTI: Array<[number, number, number, number]> = [
  [14, 12, 4, CORAL],
  [38, 24, 2.5, TURQUOISE],
  [62, 8, 3, YELLOW],
  [190, 14, 3.5, TURQUOISE],
  [206, 30, 2.5, CORAL],
  [214, 9, 3, YELLOW],
  [52, 286, 3, YELLOW],
  [176, 288, 3, CORAL],
];

function confetti(spread: ElementSink, side: Side, opacity = 100): void {
  const x = pageX(side);
  for (const [dx, y, d, colour] of CONFETTI) {
    const left = side === 'left' ? dx : PAGE_W - dx - d;
    spread.circle({ x: x + left, y, width: d, height: d, fill: colour, opacity });
  }
}

const theme: PageTheme = {
  contentPage(spread, side) {
    confetti(spread, side);
  },
  runningHeader(spread, side) {
    const x = outerX(side, 28, 110);
    spread.rect({ x, y: 18, width: 110, height: 14, fill: CORAL, borderRadius: 7 });
    auto(
      spread,
      'section',
      { x: x + 6, y: 21.5, width: 98, height: 8 },
      round(11, { align: 'center' }),
      WHITE,
    );
  },
  featureHeader(spread, side, copy) {
    const align = side === 'left' ? 'left' : 'right';
    spread.rect({
      x: pageX(side) + 14,
      y: 16,
      width: PAGE_W - 28,
      height: 96,
      fill: TURQUOISE,
      opacity: 14,
      borderRadius: 8,
    });
    const bx = side === 'left' ? pageX(side) + 168 : pageX(side) + 24;
    balloon(spread, bx, 26, 16, CORAL);
    balloon(spread, bx + 14, 36, 14, YELLOW);
    balloon(spread, bx + 24, 24, 12, TURQUOISE);
    label(
      spread,
      { x: outerX(side, 28, 130), y: 30, width: 130, height: 6 },
      copy.kicker,
      round(8, { align }),
      TURQUOISE,
    );
    auto(
      spread,
      'section',
      { x: outerX(side, 28, 140), y: 40, width: 140, height: 24 },
      script(32, { align }),
      CORAL,
    );
    label(
      spread,
      { x: outerX(side, 28, 130), y: 72, width: 130, height: 28 },
      copy.intro,
      body(10, { align }),
      NIGHT,
    );
  },
  pageNumber(spread, side) {
    const box = { x: outerX(side, 26, 12), y: 276, width: 12, height: 12 };
    symbolBadge(
      spread,
      'circle',
      box,
      { fill: TURQUOISE },
      { symbol: 'pagenum', textTop: 3, style: round(9, { align: 'center' }), fill: WHITE },
    );
  },
};

function coverSpread(spread: ElementSink): void {
  // Back cover.
  pageFill(spread, 'left', { fill: TURQUOISE });
  confetti(spread, 'left');
  spread.circle({ x: 70, y: 80, width: 90, height: 90, fill: WHITE });
  auto(
    spread,
    'totalstickers',
    { x: 70, y: 106, width: 90, height: 22 },
    round(40, { align: 'center' }),
    CORAL,
  );
  label(spread, { x: 70, y: 132, width: 90, height: 6 }, 'stickers', round(9, { align: 'center' }), NIGHT);
  label(
    spread,
    { x: 30, y: 190, width: 170, height: 20 },
    'Collect them all!',
    script(26, { align: 'center' }),
    WHITE,
  );
  label(
    spread,
    { x: 45, y: 214, width: 140, height: 20 },
    'Every guest is a sticker. Trade your doubles and fill the album before the cake is gone.',
    body(10, { align: 'center' }),
    WHITE,
  );
  auto(spread, 'album', { x: 30, y: 268, width: 170, height: 6 }, round(7, { align: 'center' }), WHITE);

  // Front cover.
  pageFill(spread, 'right', { fill: SUNSET });
  confetti(spread, 'right');
  balloon(spread, 262, 40, 34, TURQUOISE);
  balloon(spread, 290, 62, 28, WHITE);
  balloon(spread, 390, 34, 30, NIGHT);
  balloon(spread, 362, 66, 24, TURQUOISE);
  spread.rect({ x: 255, y: 150, width: 180, height: 96, fill: WHITE, borderRadius: 10, opacity: 92 });
  label(
    spread,
    { x: 265, y: 160, width: 160, height: 6 },
    "Let's celebrate",
    round(9, { align: 'center' }),
    TURQUOISE,
  );
  auto(spread, 'album', { x: 262, y: 170, width: 166, height: 44 }, script(38, { align: 'center' }), CORAL);
  spread.rect({ x: 315, y: 222, width: 60, height: 14, fill: YELLOW, borderRadius: 7 });
  auto(
    spread,
    'release_date',
    { x: 315, y: 225.5, width: 60, height: 7 },
    round(10, { align: 'center' }),
    NIGHT,
  );
  label(
    spread,
    { x: 255, y: 262, width: 180, height: 8 },
    'The birthday sticker album',
    round(9, { align: 'center' }),
    WHITE,
  );
}

function introSpread(spread: ElementSink): void {
  theme.contentPage(spread, 'left');
  label(spread, { x: 28, y: 40, width: 174, height: 6 }, 'Welcome to the party', round(9), TURQUOISE);
  auto(spread, 'album', { x: 28, y: 50, width: 174, height: 40 }, script(36), CORAL);
  label(
    spread,
    { x: 28, y: 100, width: 174, height: 44 },
    'A whole year older and a whole album full of the people who make life sweet. Find every face, swap with the other guests and see who completes it first.',
    body(11),
    NIGHT,
  );
  const factColours = [CORAL, TURQUOISE, YELLOW];
  albumFacts(['Stickers', 'Pages', 'Party day'], (fact, i) => {
    const x = 32 + i * 58;
    spread.circle({ x, y: 166, width: 50, height: 50, fill: factColours[i] });
    auto(
      spread,
      fact.symbol,
      { x, y: 180, width: 50, height: 12 },
      round(18, { align: 'center' }),
      i === 2 ? NIGHT : WHITE,
    );
    label(
      spread,
      { x, y: 196, width: 50, height: 6 },
      fact.caption,
      round(6.5, { align: 'center' }),
      i === 2 ? NIGHT : WHITE,
    );
  });
  balloon(spread, 160, 232, 18, TURQUOISE);
  balloon(spread, 178, 240, 14, CORAL);
  theme.pageNumber(spread, 'left');

  theme.contentPage(spread, 'right');
  spread.rect({ x: 244, y: 30, width: 202, height: 190, fill: YELLOW, opacity: 25, borderRadius: 10 });
  label(spread, { x: 258, y: 44, width: 174, height: 6 }, "What's inside", round(9), TURQUOISE);
  label(spread, { x: 258, y: 54, width: 174, height: 22 }, 'Contents', script(32), CORAL);
  auto(
    spread,
    'toc_sections',
    { x: 258, y: 88, width: 174, height: 110 },
    { font: 'sub_title', size: 14, bold: true, lineHeight: 200 },
    NIGHT,
  );
  label(
    spread,
    { x: 258, y: 232, width: 174, height: 30 },
    'Every sticker has a number. Find its spot, peel it off and press it flat from the middle out.',
    body(9.5),
    NIGHT,
  );
  theme.pageNumber(spread, 'right');
}

function closingSpread(spread: ElementSink): void {
  theme.contentPage(spread, 'left');
  label(spread, { x: 28, y: 40, width: 174, height: 6 }, 'Write something nice', round(9), TURQUOISE);
  label(spread, { x: 28, y: 50, width: 174, height: 24 }, 'Birthday wishes', script(32), CORAL);
  const colours = [CORAL, TURQUOISE, YELLOW];
  boxGrid(
    spread,
    { x: 28, y: 90, rows: 3, cols: 2, width: 84, height: 54, stepX: 90, stepY: 60 },
    (row, col) => ({ fill: colours[(row * 3 + col) % 3], opacity: 22, borderRadius: 6 }),
  );
  theme.pageNumber(spread, 'left');

  pageFill(spread, 'right', { fill: SUNSET });
  confetti(spread, 'right');
  balloon(spread, 300, 50, 30, TURQUOISE);
  balloon(spread, 330, 40, 34, WHITE);
  balloon(spread, 362, 58, 28, NIGHT);
  label(
    spread,
    { x: 250, y: 150, width: 190, height: 30 },
    'Thanks for coming!',
    script(36, { align: 'center' }),
    WHITE,
  );
  label(
    spread,
    { x: 270, y: 186, width: 150, height: 16 },
    'Here is to many more candles, cakes and stickers.',
    body(11, { align: 'center' }),
    NIGHT,
  );
  albumAndDate(spread, { x: 250, y: 214, width: 190, height: 6 }, 8, round(8, { align: 'center' }), {
    album: WHITE,
    date: NIGHT,
  });
  theme.pageNumber(spread, 'right');
}

export function birthdayParty(): BlueprintSeed {
  const album = startAlbum(meta, 'bday');
  const intro = album.section('Cover & welcome', { static: true });
  coverSpread(album.spread(intro, TURQUOISE));
  introSpread(album.spread(intro, WHITE));

  const family = album.section('Family');
  contentSpread(album, family, theme, 'featureDouble5', 'grid9', {
    kicker: 'The home team',
    intro: 'Parents, siblings, grandparents and the cousins who came the furthest.',
  });

  const friends = album.section('Friends');
  contentSpread(album, friends, theme, 'feature6', 'grid9', {
    kicker: 'Partners in crime',
    intro: 'Best friends, old friends, new friends and the neighbours who hear every party.',
  });
  contentSpread(album, friends, theme, 'grid9', 'double8', { kicker: '', intro: '' });

  const party = album.section('Party time');
  contentSpread(album, party, theme, 'feature6', 'double8', {
    kicker: 'Best bits',
    intro: 'Candles, cake, games and the dance floor: the moments everybody will remember.',
  });

  const closing = album.section('Closing', { static: true });
  closingSpread(album.spread(closing, WHITE));

  return blueprintSeed(meta, album);
}
