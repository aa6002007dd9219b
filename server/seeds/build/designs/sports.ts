/**
 * Sports club: navy and red with a gold accent, condensed headlines, pitch markings as decoration.
 * Palette: 0 ink, 1 white, 2 club red, 3 navy, 4 gold.
 */
import { blueprintSeed, startAlbum, type BlueprintMeta, type BlueprintSeed } from '../blueprint.ts';
import type { ElementSink } from '../doc.ts';
import { auto, label } from '../elements.ts';
import { PAGE_H, PAGE_W, outerX, pageX, type Side } from '../geometry.ts';
import { contentSpread, type PageTheme } from '../layouts.ts';
import { albumAndDate, albumFacts, boxGrid, pageFill, symbolBadge } from '../pieces.ts';
import { styleFamily } from '../text.ts';

const meta: BlueprintMeta = {
  id: 'sports-club',
  title: 'Club Season',
  category: 'sports',
  colors: ['#131722', '#FFFFFF', '#C8102E', '#0B2545', '#F2C14E'],
  fonts: { title: 'Oswald', sub_title: 'Montserrat', paragraph: 'Roboto' },
  stickerTemplateId: 612,
};

const INK = 0;
const WHITE = 1;
const RED = 2;
const NAVY = 3;
const GOLD = 4;
const NIGHT = { type: 'linear' as const, colors: [NAVY, INK], direction: 90 };

const headline = styleFamily({ font: 'title', bold: true, uppercase: true, lineHeight: 100 });
const kicker = styleFamily({ font: 'sub_title', bold: true, uppercase: true, letterSpacing: 3 });
const body = styleFamily({ font: 'paragraph', lineHeight: 150 });

/** Centre circle and halfway line, faint, as on a pitch. */
function pitchMarks(spread: ElementSink, side: Side, cy: number, radius: number, opacity: number): void {
  const x = pageX(side);
  spread.circle({
    x: x + PAGE_W / 2 - radius,
    y: cy - radius,
    width: radius * 2,
    height: radius * 2,
    stroke: WHITE,
    strokeWidth: 1.5,
    opacity,
  });
  spread.circle({ x: x + PAGE_W / 2 - 3, y: cy - 3, width: 6, height: 6, fill: WHITE, opacity });
  spread.line({ x: x + 12, y: cy, width: PAGE_W - 24, height: 1, stroke: WHITE, strokeWidth: 1.5, opacity });
}

const theme: PageTheme = {
  contentPage(spread, side) {
    const x = pageX(side);
    pageFill(spread, side, { fill: NAVY, opacity: 6 });
    spread.rect({ x, y: PAGE_H - 6, width: PAGE_W, height: 6, fill: NAVY });
  },
  runningHeader(spread, side) {
    const x = pageX(side);
    spread.rect({ x, y: 0, width: PAGE_W, height: 34, fill: NIGHT });
    spread.rect({ x, y: 34, width: PAGE_W, height: 2.5, fill: RED });
    const align = side === 'left' ? 'left' : 'right';
    auto(
      spread,
      'section',
      { x: outerX(side, 16, 130), y: 9, width: 130, height: 17 },
      headline(30, { align }),
      WHITE,
    );
    auto(
      spread,
      'album',
      { x: outerX(side, PAGE_W - 16 - 70, 70), y: 14, width: 70, height: 8 },
      kicker(7, { align: side === 'left' ? 'right' : 'left' }),
      GOLD,
    );
  },
  featureHeader(spread, side, copy) {
    const x = pageX(side);
    const align = side === 'left' ? 'left' : 'right';
    spread.rect({ x, y: 0, width: PAGE_W, height: 108, fill: NIGHT });
    spread.circle({
      x: outerX(side, PAGE_W - 70, 96),
      y: 6,
      width: 96,
      height: 96,
      stroke: WHITE,
      strokeWidth: 1.5,
      opacity: 12,
    });
    spread.rect({ x, y: 108, width: PAGE_W, height: 3, fill: RED });
    spread.rect({ x: outerX(side, 20, 24), y: 24, width: 24, height: 2, fill: GOLD });
    label(
      spread,
      { x: outerX(side, 20, 170), y: 30, width: 170, height: 8 },
      copy.kicker,
      kicker(9, { align }),
      GOLD,
    );
    auto(
      spread,
      'section',
      { x: outerX(side, 20, 190), y: 40, width: 190, height: 24 },
      headline(54, { align }),
      WHITE,
    );
    label(
      spread,
      { x: outerX(side, 20, 150), y: 70, width: 150, height: 26 },
      copy.intro,
      body(9.5, { align }),
      WHITE,
      { opacity: 85 },
    );
  },
  pageNumber(spread, side) {
    const box = { x: outerX(side, 16, 12), y: 277, width: 12, height: 12 };
    symbolBadge(
      spread,
      'rect',
      box,
      { fill: RED, borderRadius: 2 },
      { symbol: 'pagenum', textTop: 3, style: headline(11, { align: 'center' }), fill: WHITE },
    );
  },
};

function coverSpread(spread: ElementSink): void {
  // Back cover (left page).
  pageFill(spread, 'left', { fill: NIGHT });
  pitchMarks(spread, 'left', 148.5, 52, 12);
  spread.circle({ x: 75, y: 93.5, width: 80, height: 80, fill: RED });
  auto(
    spread,
    'totalstickers',
    { x: 75, y: 114, width: 80, height: 24 },
    headline(60, { align: 'center' }),
    WHITE,
  );
  label(spread, { x: 75, y: 141, width: 80, height: 8 }, 'stickers', kicker(9, { align: 'center' }), WHITE);
  label(
    spread,
    { x: 30, y: 46, width: 170, height: 16 },
    'Collect them all',
    headline(36, { align: 'center' }),
    WHITE,
  );
  label(
    spread,
    { x: 40, y: 206, width: 150, height: 24 },
    'Every player, every coach, every moment of the season. Swap your doubles and complete the album together.',
    body(10, { align: 'center' }),
    WHITE,
    { opacity: 80 },
  );
  spread.rect({ x: 0, y: 262, width: PAGE_W, height: 3, fill: RED });
  auto(spread, 'album', { x: 30, y: 272, width: 170, height: 8 }, kicker(8, { align: 'center' }), GOLD);

  // Front cover (right page).
  pageFill(spread, 'right', { fill: NIGHT });
  pitchMarks(spread, 'right', 200, 70, 14);
  spread.rect({ x: 230, y: 0, width: PAGE_W, height: 12, fill: RED });
  spread.rect({ x: 230, y: 12, width: PAGE_W, height: 2, fill: GOLD });
  label(
    spread,
    { x: 250, y: 40, width: 190, height: 8 },
    'Official sticker album',
    kicker(11, { align: 'center' }),
    GOLD,
  );
  spread.line({ x: 315, y: 54, width: 60, height: 1, stroke: GOLD, strokeWidth: 0.8 });
  auto(spread, 'album', { x: 246, y: 64, width: 198, height: 58 }, headline(72, { align: 'center' }), WHITE);
  spread.rect({ x: 300, y: 134, width: 90, height: 14, fill: RED, borderRadius: 2 });
  label(spread, { x: 300, y: 137.5, width: 44, height: 7 }, 'Season', kicker(10, { align: 'right' }), WHITE);
  auto(
    spread,
    'release_date',
    { x: 348, y: 137.5, width: 40, height: 7 },
    kicker(10, { align: 'left' }),
    GOLD,
  );
  spread.circle({ x: 315, y: 185, width: 60, height: 30, stroke: GOLD, strokeWidth: 1, opacity: 60 });
  label(
    spread,
    { x: 250, y: 262, width: 190, height: 8 },
    'Players · Staff · Highlights',
    kicker(9, { align: 'center' }),
    WHITE,
    { opacity: 80 },
  );
}

function introSpread(spread: ElementSink): void {
  // Left: welcome and album facts.
  theme.contentPage(spread, 'left');
  spread.rect({ x: 0, y: 0, width: PAGE_W, height: 150, fill: NIGHT });
  pitchMarks(spread, 'left', 150, 46, 14);
  label(spread, { x: 24, y: 30, width: 150, height: 8 }, 'Welcome to', kicker(11), GOLD);
  auto(spread, 'album', { x: 24, y: 42, width: 190, height: 50 }, headline(48), WHITE);
  spread.rect({ x: 24, y: 98, width: 30, height: 3, fill: RED });
  label(
    spread,
    { x: 24, y: 158, width: 182, height: 40 },
    'This album belongs to everyone who made this season happen: the players on the pitch, the staff behind the bench and the fans in the stands. Open your packs, swap your doubles and fill every cell.',
    body(10.5),
    INK,
  );
  albumFacts(['Stickers', 'Pages', 'Season'], (fact, i) => {
    const x = 24 + i * 62;
    spread.rect({ x, y: 212, width: 58, height: 50, fill: i === 0 ? RED : NAVY, borderRadius: 2 });
    auto(spread, fact.symbol, { x, y: 222, width: 58, height: 18 }, headline(36, { align: 'center' }), WHITE);
    label(spread, { x, y: 246, width: 58, height: 6 }, fact.caption, kicker(7.5, { align: 'center' }), GOLD);
  });
  theme.pageNumber(spread, 'left');

  // Right: contents.
  theme.contentPage(spread, 'right');
  label(spread, { x: 254, y: 30, width: 182, height: 8 }, 'In this album', kicker(11), RED);
  label(spread, { x: 254, y: 42, width: 182, height: 22 }, 'Contents', headline(48), NAVY);
  spread.rect({ x: 254, y: 72, width: 30, height: 3, fill: RED });
  auto(
    spread,
    'toc_sections',
    { x: 254, y: 88, width: 182, height: 110 },
    { font: 'sub_title', size: 16, bold: true, uppercase: true, lineHeight: 200 },
    NAVY,
  );
  spread.rect({ x: 254, y: 216, width: 182, height: 46, fill: NAVY, opacity: 8, borderRadius: 2 });
  label(
    spread,
    { x: 264, y: 224, width: 162, height: 30 },
    [
      'How it works',
      'Each sticker has a number. Find its cell, peel carefully and press it flat from the centre outwards.',
    ],
    body(9),
    NAVY,
  );
  theme.pageNumber(spread, 'right');
}

function closingSpread(spread: ElementSink): void {
  // Left: autographs.
  theme.contentPage(spread, 'left');
  theme.runningHeader(spread, 'left');
  label(spread, { x: 24, y: 52, width: 182, height: 20 }, 'Autographs', headline(40), NAVY);
  label(
    spread,
    { x: 24, y: 74, width: 182, height: 8 },
    'Collect signatures after the final whistle',
    body(10),
    INK,
  );
  boxGrid(spread, { x: 24, y: 96, rows: 4, cols: 2, width: 88, height: 38, stepX: 94, stepY: 44 }, () => ({
    fill: WHITE,
    stroke: NAVY,
    strokeWidth: 0.5,
    borderRadius: 2,
  }));
  theme.pageNumber(spread, 'left');

  // Right: thank you.
  pageFill(spread, 'right', { fill: NIGHT });
  pitchMarks(spread, 'right', 148.5, 60, 12);
  label(
    spread,
    { x: 250, y: 96, width: 190, height: 8 },
    'Thank you for a great season',
    kicker(11, { align: 'center' }),
    GOLD,
  );
  label(
    spread,
    { x: 250, y: 112, width: 190, height: 50 },
    ['See you', 'next season'],
    headline(54, { align: 'center' }),
    WHITE,
  );
  spread.rect({ x: 330, y: 176, width: 30, height: 3, fill: RED });
  albumAndDate(spread, { x: 250, y: 188, width: 190, height: 8 }, 10, kicker(9, { align: 'center' }), {
    album: WHITE,
    date: GOLD,
  });
  spread.rect({ x: 230, y: PAGE_H - 6, width: PAGE_W, height: 6, fill: RED });
  theme.pageNumber(spread, 'right');
}

export function sportsClub(): BlueprintSeed {
  const album = startAlbum(meta, 'spo');
  const intro = album.section('Cover & welcome', { static: true });
  coverSpread(album.spread(intro, NAVY));
  introSpread(album.spread(intro));

  const team = album.section('First team');
  contentSpread(album, team, theme, 'feature6', 'grid9', {
    kicker: 'Meet the squad',
    intro:
      'Goalkeepers, defenders, midfielders and strikers: the players who wear our colours every weekend.',
  });
  contentSpread(album, team, theme, 'grid9', 'double8', { kicker: '', intro: '' });

  const staff = album.section('Coaches & staff');
  contentSpread(album, staff, theme, 'featureDouble5', 'grid9', {
    kicker: 'Behind the bench',
    intro: 'Coaches, physios, kit managers and the volunteers without whom no match would kick off.',
  });

  const season = album.section('Season highlights');
  contentSpread(album, season, theme, 'feature6', 'double8', {
    kicker: 'Our season',
    intro:
      'Derby days, last-minute winners and the trophy lift. The moments we will still talk about in years.',
  });

  const closing = album.section('Closing', { static: true });
  closingSpread(album.spread(closing));

  return blueprintSeed(meta, album);
}
