/**
 * Community (club, association, volunteer group): warm terracotta and teal on cream, overlapping circles
 * for "many people, one circle", a friendly serif.
 * Palette: 0 deep blue, 1 white, 2 terracotta, 3 teal, 4 cream.
 */
import { blueprintSeed, startAlbum, type BlueprintMeta, type BlueprintSeed } from '../blueprint.ts';
import type { ElementSink } from '../doc.ts';
import { auto, label } from '../elements.ts';
import { PAGE_H, PAGE_W, outerX, pageX } from '../geometry.ts';
import { contentSpread, type PageTheme } from '../layouts.ts';
import { albumAndDate, albumFacts, boxGrid, pageFill } from '../pieces.ts';
import { styleFamily } from '../text.ts';

const meta: BlueprintMeta = {
  id: 'community-club',
  title: 'Community & Club',
  category: 'community',
  colors: ['#22313F', '#FFFFFF', '#E76F51', '#2A9D8F', '#F4E9D8'],
  fonts: { title: 'Merriweather', sub_title: 'Raleway', paragraph: 'Lato' },
  stickerTemplateId: 606,
};

const DEEP = 0;
const WHITE = 1;
const TERRACOTTA = 2;
const TEAL = 3;
const CREAM = 4;

const serif = styleFamily({ font: 'title', bold: true, lineHeight: 120 });
const caps = styleFamily({ font: 'sub_title', bold: true, uppercase: true, letterSpacing: 3 });
const body = styleFamily({ font: 'paragraph', lineHeight: 150 });

/** Three overlapping circles: the community motif. */
function circles(spread: ElementSink, x: number, y: number, d: number, opacity: number): void {
  spread.circle({ x, y, width: d, height: d, fill: TERRACOTTA, opacity });
  spread.circle({ x: x + d * 0.55, y, width: d, height: d, fill: TEAL, opacity });
  spread.circle({
    x: x + d * 0.275,
    y: y + d * 0.45,
    width: d,
    height: d,
    stroke: DEEP,
    strokeWidth: 0.6,
    opacity: 60,
  });
}

const theme: PageTheme = {
  contentPage(spread, side) {
    pageFill(spread, side, { fill: CREAM, opacity: 45 });
    spread.rect({ x: pageX(side), y: PAGE_H - 10, width: PAGE_W, height: 10, fill: TEAL });
    spread.rect({ x: pageX(side), y: PAGE_H - 12, width: PAGE_W, height: 2, fill: TERRACOTTA });
  },
  runningHeader(spread, side) {
    const align = side === 'left' ? 'left' : 'right';
    auto(
      spread,
      'section',
      { x: outerX(side, 28, 150), y: 16, width: 150, height: 12 },
      serif(18, { align }),
      TEAL,
    );
    spread.rect({ x: outerX(side, 28, 16), y: 32, width: 16, height: 2.5, fill: TERRACOTTA });
  },
  featureHeader(spread, side, copy) {
    const align = side === 'left' ? 'left' : 'right';
    circles(spread, outerX(side, PAGE_W - 16 - 50, 50), 18, 32, 85);
    label(
      spread,
      { x: outerX(side, 28, 130), y: 24, width: 130, height: 6 },
      copy.kicker,
      caps(8, { align }),
      TERRACOTTA,
    );
    auto(
      spread,
      'section',
      { x: outerX(side, 28, 128), y: 34, width: 128, height: 34 },
      serif(28, { align }),
      TEAL,
    );
    spread.rect({ x: outerX(side, 28, 16), y: 72, width: 16, height: 2.5, fill: TERRACOTTA });
    label(
      spread,
      { x: outerX(side, 28, 140), y: 80, width: 140, height: 30 },
      copy.intro,
      body(10, { align }),
      DEEP,
    );
  },
  pageNumber(spread, side) {
    const align = side === 'left' ? 'left' : 'right';
    auto(
      spread,
      'pagenum',
      { x: outerX(side, 20, 20), y: 288.5, width: 20, height: 6 },
      caps(8, { align }),
      WHITE,
    );
  },
};

function coverSpread(spread: ElementSink): void {
  // Back cover.
  pageFill(spread, 'left', { fill: CREAM });
  circles(spread, 68, 40, 60, 85);
  label(
    spread,
    { x: 30, y: 160, width: 170, height: 14 },
    'Everyone counts',
    serif(24, { align: 'center' }),
    DEEP,
  );
  label(
    spread,
    { x: 45, y: 180, width: 140, height: 26 },
    'Every member, every helper, every friend of the club has a place in this album. Swap your doubles at the next meeting.',
    body(10, { align: 'center' }),
    DEEP,
  );
  auto(
    spread,
    'totalstickers',
    { x: 65, y: 214, width: 100, height: 18 },
    serif(32, { align: 'center' }),
    TERRACOTTA,
  );
  label(spread, { x: 65, y: 234, width: 100, height: 6 }, 'stickers', caps(8, { align: 'center' }), DEEP);
  spread.rect({ x: 0, y: PAGE_H - 10, width: PAGE_W, height: 10, fill: TEAL });
  auto(spread, 'album', { x: 30, y: 289, width: 170, height: 5 }, caps(6.5, { align: 'center' }), WHITE);

  // Front cover.
  pageFill(spread, 'right', { fill: TEAL });
  spread.circle({ x: 290, y: 20, width: 140, height: 140, fill: TERRACOTTA, opacity: 90 });
  spread.circle({ x: 250, y: 70, width: 110, height: 110, fill: CREAM, opacity: 30 });
  spread.circle({ x: 360, y: 110, width: 80, height: 80, fill: WHITE, opacity: 15 });
  label(spread, { x: 254, y: 196, width: 180, height: 6 }, 'Our community album', caps(9), CREAM);
  auto(spread, 'album', { x: 254, y: 206, width: 190, height: 44 }, serif(36), WHITE);
  spread.rect({ x: 254, y: 256, width: 16, height: 2.5, fill: TERRACOTTA });
  auto(spread, 'release_date', { x: 254, y: 264, width: 120, height: 8 }, caps(10), CREAM);
}

function introSpread(spread: ElementSink): void {
  theme.contentPage(spread, 'left');
  label(spread, { x: 28, y: 30, width: 174, height: 6 }, 'Welcome to', caps(8), TERRACOTTA);
  auto(spread, 'album', { x: 28, y: 40, width: 174, height: 36 }, serif(30), TEAL);
  spread.rect({ x: 28, y: 80, width: 16, height: 2.5, fill: TERRACOTTA });
  label(
    spread,
    { x: 28, y: 92, width: 174, height: 46 },
    'A club is only as strong as its people. This album is for the members, the helpers who set up the chairs, the board who keeps it all together and everyone who ever lent a hand.',
    body(11),
    DEEP,
  );
  const factColours = [TERRACOTTA, TEAL, DEEP];
  albumFacts(['Stickers', 'Pages', 'Edition'], (fact, i) => {
    const x = 30 + i * 58;
    spread.circle({ x, y: 160, width: 52, height: 52, fill: factColours[i] });
    auto(spread, fact.symbol, { x, y: 174, width: 52, height: 14 }, serif(20, { align: 'center' }), WHITE);
    label(
      spread,
      { x, y: 192, width: 52, height: 6 },
      fact.caption,
      caps(6, { align: 'center', letterSpacing: 1 }),
      WHITE,
    );
  });
  theme.pageNumber(spread, 'left');

  theme.contentPage(spread, 'right');
  circles(spread, 370, 24, 30, 85);
  label(spread, { x: 258, y: 30, width: 174, height: 6 }, 'In this album', caps(8), TERRACOTTA);
  label(spread, { x: 258, y: 40, width: 174, height: 18 }, 'Contents', serif(30), TEAL);
  spread.rect({ x: 258, y: 64, width: 16, height: 2.5, fill: TERRACOTTA });
  auto(
    spread,
    'toc_sections',
    { x: 258, y: 80, width: 174, height: 110 },
    { font: 'sub_title', size: 14, bold: true, lineHeight: 200 },
    DEEP,
  );
  spread.rect({ x: 258, y: 208, width: 174, height: 50, fill: WHITE, borderRadius: 3 });
  label(
    spread,
    { x: 268, y: 216, width: 154, height: 36 },
    [
      'How it works',
      'Each sticker has a number. Find its place, peel it carefully and press it flat from the centre outwards.',
    ],
    body(9.5),
    DEEP,
  );
  theme.pageNumber(spread, 'right');
}

function closingSpread(spread: ElementSink): void {
  theme.contentPage(spread, 'left');
  label(spread, { x: 28, y: 30, width: 174, height: 6 }, 'Our year together', caps(8), TERRACOTTA);
  label(spread, { x: 28, y: 40, width: 174, height: 18 }, 'Notes & signatures', serif(28), TEAL);
  spread.rect({ x: 28, y: 64, width: 16, height: 2.5, fill: TERRACOTTA });
  boxGrid(spread, { x: 28, y: 80, rows: 4, cols: 2, width: 84, height: 42, stepX: 90, stepY: 48 }, () => ({
    fill: WHITE,
    borderRadius: 3,
  }));
  theme.pageNumber(spread, 'left');

  pageFill(spread, 'right', { fill: TEAL });
  circles(spread, 300, 50, 56, 90);
  label(spread, { x: 250, y: 170, width: 190, height: 8 }, 'Thank you', caps(10, { align: 'center' }), CREAM);
  label(
    spread,
    { x: 250, y: 182, width: 190, height: 34 },
    ['Together we are', 'more'],
    serif(30, { align: 'center' }),
    WHITE,
  );
  albumAndDate(spread, { x: 250, y: 226, width: 190, height: 6 }, 8, caps(8, { align: 'center' }), {
    album: WHITE,
    date: CREAM,
  });
  auto(spread, 'pagenum', { x: 420, y: 280, width: 20, height: 6 }, caps(8, { align: 'right' }), WHITE);
}

export function communityClub(): BlueprintSeed {
  const album = startAlbum(meta, 'com');
  const intro = album.section('Cover & welcome', { static: true });
  coverSpread(album.spread(intro, TEAL));
  introSpread(album.spread(intro, WHITE));

  const board = album.section('Board');
  contentSpread(album, board, theme, 'featureDouble5', 'feature6', {
    kicker: 'Holding it together',
    intro: 'Chair, treasurer, secretary and everyone who keeps the minutes, the books and the keys.',
  });

  const volunteers = album.section('Volunteers');
  contentSpread(album, volunteers, theme, 'feature6', 'grid9', {
    kicker: 'Helping hands',
    intro: 'The people behind the bake sale, the summer fair, the cleanup day and the coffee urn.',
  });
  contentSpread(album, volunteers, theme, 'grid9', 'double8', { kicker: '', intro: '' });

  const members = album.section('Members & friends');
  contentSpread(album, members, theme, 'feature6', 'grid9', {
    kicker: 'The heart of it all',
    intro: 'Long-time members, new faces and the friends who turn up for every event.',
  });

  const closing = album.section('Closing', { static: true });
  closingSpread(album.spread(closing, WHITE));

  return blueprintSeed(meta, album);
}
