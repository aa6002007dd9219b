/**
 * The pictures of the seeded stock library, drawn here as SVG (so they are ours to give away: CC0) and rendered
 * by sharp: simple, friendly scenes in the palette of each blueprint category, four per category.
 */
type StockCategory = 'business' | 'wedding' | 'sports' | 'birthday' | 'school' | 'community';

export interface StockScene {
  category: StockCategory;
  title: string;
  /** Search words in every album language (the panel's default queries included). */
  tags: string[];
  svg: string;
}

const SCENE_WIDTH_PX = 1600;
const SCENE_HEIGHT_PX = 1067;
const W = SCENE_WIDTH_PX;
const H = SCENE_HEIGHT_PX;

const svg = (defs: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs}</defs>${body}</svg>`;

const sky = (id: string, top: string, bottom: string) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;

const glow = (id: string, colour: string) =>
  `<radialGradient id="${id}"><stop offset="0" stop-color="${colour}" stop-opacity="0.9"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`;

/** A deterministic pseudo-random sequence, so the scenes (and the seeded files) are the same on every start. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

function confetti(seed: number, colours: string[], count: number): string {
  const next = random(seed);
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = Math.round(next() * W);
    const y = Math.round(next() * H);
    const colour = colours[i % colours.length];
    out += `<rect x="${x}" y="${y}" width="18" height="30" rx="4" fill="${colour}" transform="rotate(${Math.round(next() * 180)} ${x} ${y})" opacity="0.85"/>`;
  }
  return out;
}

function balloons(seed: number, colours: string[]): string {
  const next = random(seed);
  let out = '';
  for (let i = 0; i < 7; i++) {
    const x = 180 + i * 200 + Math.round(next() * 60);
    const y = 250 + Math.round(next() * 260);
    out += `<path d="M${x} ${y + 120} q ${20 - next() * 40} 160 0 330" stroke="#ffffff" stroke-width="3" fill="none" opacity="0.8"/>`;
    out += `<ellipse cx="${x}" cy="${y}" rx="85" ry="110" fill="${colours[i % colours.length]}"/>`;
    out += `<ellipse cx="${x - 28}" cy="${y - 40}" rx="18" ry="30" fill="#ffffff" opacity="0.35"/>`;
  }
  return out;
}

function skyline(seed: number, colour: string, windows: string): string {
  const next = random(seed);
  let out = '';
  let x = 0;
  while (x < W) {
    const width = 110 + Math.round(next() * 120);
    const height = 300 + Math.round(next() * 420);
    out += `<rect x="${x}" y="${H - height}" width="${width - 12}" height="${height}" fill="${colour}"/>`;
    for (let wy = H - height + 30; wy < H - 40; wy += 56)
      for (let wx = x + 18; wx < x + width - 40; wx += 40)
        if (next() > 0.35) out += `<rect x="${wx}" y="${wy}" width="20" height="30" fill="${windows}"/>`;
    x += width;
  }
  return out;
}

function trees(seed: number, colours: string[]): string {
  const next = random(seed);
  let out = '';
  for (let i = 0; i < 9; i++) {
    const x = 60 + i * 180 + Math.round(next() * 50);
    const r = 90 + Math.round(next() * 60);
    out += `<rect x="${x - 14}" y="${H - 330}" width="28" height="150" fill="#6b4f3a"/>`;
    out += `<circle cx="${x}" cy="${H - 330 - r * 0.6}" r="${r}" fill="${colours[i % colours.length]}"/>`;
  }
  return out;
}

function pitch(lines: string, grass: [string, string]): string {
  let stripes = '';
  for (let i = 0; i < 8; i++)
    stripes += `<rect x="${i * 200}" y="420" width="200" height="${H - 420}" fill="${grass[i % 2]}"/>`;
  return (
    stripes +
    `<g fill="none" stroke="${lines}" stroke-width="8" opacity="0.9"><rect x="80" y="470" width="${W - 160}" height="${H - 520}"/><line x1="${W / 2}" y1="470" x2="${W / 2}" y2="${H - 50}"/><circle cx="${W / 2}" cy="${(470 + H - 50) / 2}" r="120"/></g>`
  );
}

const ball = (x: number, y: number, r: number) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="#ffffff" stroke="#222" stroke-width="5"/><polygon points="${x},${y - r * 0.45} ${x + r * 0.43},${y - r * 0.14} ${x + r * 0.27},${y + r * 0.36} ${x - r * 0.27},${y + r * 0.36} ${x - r * 0.43},${y - r * 0.14}" fill="#222"/>`;

const heart = (x: number, y: number, size: number, colour: string) =>
  `<path d="M${x} ${y + size * 0.3} C ${x - size} ${y - size * 0.5}, ${x - size * 0.4} ${y - size * 1.1}, ${x} ${y - size * 0.45} C ${x + size * 0.4} ${y - size * 1.1}, ${x + size} ${y - size * 0.5}, ${x} ${y + size * 0.3} Z" fill="${colour}"/>`;

const rings = (x: number, y: number) =>
  `<g fill="none" stroke-width="26"><circle cx="${x - 70}" cy="${y}" r="120" stroke="#d4af37"/><circle cx="${x + 70}" cy="${y}" r="120" stroke="#e8c96a"/></g>`;

const cake = (x: number, y: number, colour: string) =>
  `<rect x="${x - 220}" y="${y}" width="440" height="200" rx="24" fill="${colour}"/><rect x="${x - 160}" y="${y - 150}" width="320" height="160" rx="20" fill="#fff4e6"/><path d="M${x - 220} ${y + 40} q 55 40 110 0 q 55 40 110 0 q 55 40 110 0 q 55 40 110 0" stroke="#ffffff" stroke-width="16" fill="none"/>` +
  [-100, -35, 35, 100]
    .map(
      (dx) =>
        `<rect x="${x + dx - 9}" y="${y - 240}" width="18" height="90" fill="#74c0fc"/><ellipse cx="${x + dx}" cy="${y - 262}" rx="14" ry="24" fill="#ffd43b"/>`,
    )
    .join('');

const pencils = (colours: string[]) =>
  colours
    .map((colour, i) => {
      const x = 260 + i * 240;
      return `<g transform="rotate(${-12 + i * 6} ${x} 700)"><rect x="${x - 30}" y="430" width="60" height="420" fill="${colour}"/><polygon points="${x - 30},850 ${x + 30},850 ${x},940" fill="#f4d9b0"/><polygon points="${x - 9},912 ${x + 9},912 ${x},940" fill="#333"/><rect x="${x - 30}" y="400" width="60" height="40" fill="#e9ecef"/></g>`;
    })
    .join('');

const abc = (colour: string) =>
  `<text x="${W / 2}" y="380" font-family="DejaVu Sans, sans-serif" font-size="220" font-weight="700" fill="${colour}" text-anchor="middle">A B C</text>`;

const people = (seed: number, colours: string[]) => {
  const next = random(seed);
  let out = '';
  for (let i = 0; i < 6; i++) {
    const x = 200 + i * 240;
    const y = H - 120 - Math.round(next() * 40);
    out += `<circle cx="${x}" cy="${y - 330}" r="70" fill="#f1c27d"/><path d="M${x - 120} ${y} q 0 -240 120 -240 q 120 0 120 240 z" fill="${colours[i % colours.length]}"/>`;
  }
  return out;
};

export const STOCK_SCENES: StockScene[] = [
  // Business: the default query "office team" (all languages) finds these.
  {
    category: 'business',
    title: 'City at dawn',
    tags: ['business', 'office', 'team', 'city', 'Büro', 'bureau', 'équipe', 'ufficio', 'biuro', 'zespół'],
    svg: svg(
      sky('s', '#ffd8a8', '#4dabf7') + glow('g', '#fff3bf'),
      `<rect width="${W}" height="${H}" fill="url(#s)"/><circle cx="1200" cy="300" r="260" fill="url(#g)"/>${skyline(11, '#364fc7', '#ffe066')}`,
    ),
  },
  {
    category: 'business',
    title: 'Night shift',
    tags: [
      'business',
      'office',
      'team',
      'night',
      'Büro',
      'Team',
      'bureau',
      'équipe',
      'ufficio',
      'biuro',
      'zespół',
    ],
    svg: svg(
      sky('s', '#1c1f4a', '#5f3dc4'),
      `<rect width="${W}" height="${H}" fill="url(#s)"/><circle cx="300" cy="220" r="90" fill="#fff9db"/>${skyline(23, '#212529', '#fcc419')}`,
    ),
  },
  {
    category: 'business',
    title: 'Team meeting',
    tags: [
      'business',
      'office',
      'team',
      'meeting',
      'Büro',
      'Besprechung',
      'bureau',
      'équipe',
      'ufficio',
      'riunione',
      'biuro',
      'zespół',
    ],
    svg: svg(
      sky('s', '#e7f5ff', '#a5d8ff'),
      `<rect width="${W}" height="${H}" fill="url(#s)"/><rect x="120" y="${H - 260}" width="${W - 240}" height="60" rx="20" fill="#495057"/>${people(5, ['#1c7ed6', '#f76707', '#37b24d', '#ae3ec9'])}`,
    ),
  },
  {
    category: 'business',
    title: 'Blue hour',
    tags: ['business', 'office', 'team', 'skyline', 'Büro', 'bureau', 'équipe', 'ufficio', 'biuro', 'zespół'],
    svg: svg(
      sky('s', '#339af0', '#e599f7'),
      `<rect width="${W}" height="${H}" fill="url(#s)"/>${skyline(37, '#1864ab', '#d0ebff')}`,
    ),
  },
  // Wedding.
  {
    category: 'wedding',
    title: 'Golden rings',
    tags: [
      'wedding',
      'rings',
      'love',
      'Hochzeit',
      'Liebe',
      'mariage',
      'amour',
      'matrimonio',
      'amore',
      'ślub',
      'miłość',
      'celebration',
      'Feier',
      'fête',
      'festa',
      'uroczystość',
    ],
    svg: svg(
      sky('s', '#fff0f6', '#fcc2d7'),
      `<rect width="${W}" height="${H}" fill="url(#s)"/>${rings(W / 2, H / 2)}`,
    ),
  },
  {
    category: 'wedding',
    title: 'Hearts',
    tags: [
      'wedding',
      'hearts',
      'love',
      'Hochzeit',
      'Herzen',
      'mariage',
      'cœurs',
      'matrimonio',
      'cuori',
      'ślub',
      'serca',
    ],
    svg: svg(
      sky('s', '#ffdeeb', '#f783ac'),
      `<rect width="${W}" height="${H}" fill="url(#s)"/>${heart(500, 560, 260, '#e64980')}${heart(1050, 480, 200, '#ffffff')}${heart(1350, 760, 120, '#c2255c')}`,
    ),
  },
  {
    category: 'wedding',
    title: 'Petals',
    tags: [
      'wedding',
      'flowers',
      'petals',
      'Hochzeit',
      'Blumen',
      'mariage',
      'fleurs',
      'matrimonio',
      'fiori',
      'ślub',
      'kwiaty',
    ],
    svg: svg(
      sky('s', '#f8f0fc', '#eebefa'),
      `<rect width="${W}" height="${H}" fill="url(#s)"/>${confetti(7, ['#ffffff', '#faa2c1', '#e599f7'], 160)}`,
    ),
  },
  {
    category: 'wedding',
    title: 'Sunset toast',
    tags: [
      'wedding',
      'sunset',
      'Hochzeit',
      'Sonnenuntergang',
      'mariage',
      'coucher de soleil',
      'matrimonio',
      'tramonto',
      'ślub',
      'zachód',
    ],
    svg: svg(
      sky('s', '#ff8787', '#ffd43b') + glow('g', '#ffffff'),
      `<rect width="${W}" height="${H}" fill="url(#s)"/><circle cx="${W / 2}" cy="${H - 200}" r="360" fill="url(#g)"/>${heart(W / 2, 420, 120, '#ffffff')}`,
    ),
  },
  // Sports: the default query "football" / "Fußball" / "calcio" / "piłka nożna" finds these.
  {
    category: 'sports',
    title: 'Match day',
    tags: [
      'sports',
      'football',
      'soccer',
      'stadium',
      'Sport',
      'Fußball',
      'Stadion',
      'sport',
      'stade',
      'calcio',
      'stadio',
      'piłka',
      'nożna',
      'stadion',
    ],
    svg: svg(
      sky('s', '#74c0fc', '#d0ebff'),
      `<rect width="${W}" height="${H}" fill="url(#s)"/>${pitch('#ffffff', ['#2f9e44', '#37b24d'])}${ball(1100, 820, 70)}`,
    ),
  },
  {
    category: 'sports',
    title: 'Under the floodlights',
    tags: [
      'sports',
      'football',
      'night',
      'Sport',
      'Fußball',
      'Flutlicht',
      'sport',
      'calcio',
      'piłka',
      'nożna',
    ],
    svg: svg(
      sky('s', '#0b1d3a', '#1864ab') + glow('g', '#fff9db'),
      `<rect width="${W}" height="${H}" fill="url(#s)"/><circle cx="220" cy="160" r="200" fill="url(#g)"/><circle cx="1380" cy="160" r="200" fill="url(#g)"/>${pitch('#f8f9fa', ['#2b8a3e', '#2f9e44'])}`,
    ),
  },
  {
    category: 'sports',
    title: 'The ball',
    tags: [
      'sports',
      'football',
      'ball',
      'Sport',
      'Fußball',
      'Ball',
      'sport',
      'ballon',
      'calcio',
      'pallone',
      'piłka',
      'nożna',
    ],
    svg: svg(
      sky('s', '#8ce99a', '#2b8a3e'),
      `<rect width="${W}" height="${H}" fill="url(#s)"/>${ball(W / 2, H / 2, 300)}`,
    ),
  },
  {
    category: 'sports',
    title: 'Team colours',
    tags: [
      'sports',
      'football',
      'team',
      'club',
      'Sport',
      'Fußball',
      'Verein',
      'équipe',
      'calcio',
      'squadra',
      'piłka',
      'nożna',
      'drużyna',
    ],
    svg: svg(
      sky('s', '#c92a2a', '#0b2545'),
      `<rect width="${W}" height="${H}" fill="url(#s)"/><g opacity="0.25">${confetti(3, ['#ffffff'], 60)}</g>${ball(1250, 300, 120)}`,
    ),
  },
  // Birthday: with wedding and community, what the default query "celebration" (all languages) finds.
  {
    category: 'birthday',
    title: 'Balloons',
    tags: [
      'birthday',
      'party',
      'balloons',
      'celebration',
      'Geburtstag',
      'Feier',
      'Luftballons',
      'anniversaire',
      'fête',
      'compleanno',
      'festa',
      'urodziny',
      'uroczystość',
    ],
    svg: svg(
      sky('s', '#e3fafc', '#99e9f2'),
      `<rect width="${W}" height="${H}" fill="url(#s)"/>${balloons(13, ['#ff6b6b', '#fcc419', '#51cf66', '#339af0', '#cc5de8'])}`,
    ),
  },
  {
    category: 'birthday',
    title: 'Birthday cake',
    tags: [
      'birthday',
      'cake',
      'candles',
      'celebration',
      'Geburtstag',
      'Kuchen',
      'Feier',
      'anniversaire',
      'gâteau',
      'fête',
      'compleanno',
      'torta',
      'festa',
      'urodziny',
      'tort',
      'uroczystość',
    ],
    svg: svg(
      sky('s', '#fff9db', '#ffd8a8'),
      `<rect width="${W}" height="${H}" fill="url(#s)"/>${confetti(17, ['#ff8787', '#74c0fc', '#ffd43b'], 70)}${cake(W / 2, 650, '#f783ac')}`,
    ),
  },
  {
    category: 'birthday',
    title: 'Confetti',
    tags: [
      'birthday',
      'party',
      'confetti',
      'celebration',
      'Geburtstag',
      'Party',
      'Konfetti',
      'Feier',
      'anniversaire',
      'fête',
      'compleanno',
      'festa',
      'urodziny',
      'uroczystość',
    ],
    svg: svg(
      sky('s', '#5f3dc4', '#e64980'),
      `<rect width="${W}" height="${H}" fill="url(#s)"/>${confetti(29, ['#ffd43b', '#69db7c', '#4dabf7', '#ffffff'], 220)}`,
    ),
  },
  {
    category: 'birthday',
    title: 'Party lights',
    tags: [
      'birthday',
      'party',
      'lights',
      'celebration',
      'Geburtstag',
      'Party',
      'Feier',
      'anniversaire',
      'fête',
      'compleanno',
      'festa',
      'urodziny',
      'impreza',
      'uroczystość',
    ],
    svg: svg(
      sky('s', '#212529', '#862e9c') + glow('g', '#ffe066'),
      `<rect width="${W}" height="${H}" fill="url(#s)"/>${[...Array(8).keys()].map((i) => `<circle cx="${120 + i * 195}" cy="${260 + (i % 2) * 80}" r="120" fill="url(#g)"/>`).join('')}${balloons(41, ['#f06595', '#ffd43b', '#63e6be'])}`,
    ),
  },
  // School.
  {
    category: 'school',
    title: 'Chalkboard',
    tags: [
      'school',
      'class',
      'chalkboard',
      'Schule',
      'Klasse',
      'Tafel',
      'école',
      'classe',
      'tableau',
      'scuola',
      'lavagna',
      'szkoła',
      'klasa',
      'tablica',
    ],
    svg: svg(
      sky('s', '#2b8a3e', '#1b4332'),
      `<rect width="${W}" height="${H}" fill="url(#s)"/><rect x="40" y="40" width="${W - 80}" height="${H - 80}" fill="none" stroke="#a47148" stroke-width="40"/>${abc('#f8f9fa')}<path d="M300 700 q 250 -120 500 0 t 500 0" stroke="#ffe066" stroke-width="14" fill="none"/>`,
    ),
  },
  {
    category: 'school',
    title: 'Coloured pencils',
    tags: [
      'school',
      'pencils',
      'Schule',
      'Buntstifte',
      'école',
      'crayons',
      'scuola',
      'matite',
      'szkoła',
      'kredki',
    ],
    svg: svg(
      sky('s', '#fff9db', '#ffec99'),
      `<rect width="${W}" height="${H}" fill="url(#s)"/>${pencils(['#fa5252', '#fd7e14', '#fab005', '#40c057', '#228be6', '#7950f2'])}`,
    ),
  },
  {
    category: 'school',
    title: 'Class photo',
    tags: [
      'school',
      'class',
      'friends',
      'Schule',
      'Klasse',
      'Freunde',
      'école',
      'classe',
      'amis',
      'scuola',
      'classe',
      'amici',
      'szkoła',
      'klasa',
      'przyjaciele',
    ],
    svg: svg(
      sky('s', '#d0ebff', '#74c0fc'),
      `<rect width="${W}" height="${H}" fill="url(#s)"/>${people(19, ['#f59f00', '#e64980', '#12b886', '#4263eb'])}`,
    ),
  },
  {
    category: 'school',
    title: 'ABC',
    tags: [
      'school',
      'letters',
      'Schule',
      'Buchstaben',
      'école',
      'lettres',
      'scuola',
      'lettere',
      'szkoła',
      'litery',
    ],
    svg: svg(
      sky('s', '#e5dbff', '#b197fc'),
      `<rect width="${W}" height="${H}" fill="url(#s)"/>${abc('#5f3dc4')}${confetti(31, ['#ffffff', '#ffd43b'], 50)}`,
    ),
  },
  // Community.
  {
    category: 'community',
    title: 'Park in spring',
    tags: [
      'community',
      'club',
      'park',
      'trees',
      'Verein',
      'Gemeinschaft',
      'Park',
      'communauté',
      'parc',
      'comunità',
      'parco',
      'społeczność',
      'park',
      'celebration',
      'Feier',
      'fête',
      'festa',
      'uroczystość',
    ],
    svg: svg(
      sky('s', '#e3fafc', '#c3fae8'),
      `<rect width="${W}" height="${H}" fill="url(#s)"/><rect y="${H - 200}" width="${W}" height="200" fill="#8ce99a"/>${trees(43, ['#40c057', '#69db7c', '#2f9e44'])}`,
    ),
  },
  {
    category: 'community',
    title: 'Autumn walk',
    tags: [
      'community',
      'autumn',
      'trees',
      'Verein',
      'Herbst',
      'communauté',
      'automne',
      'comunità',
      'autunno',
      'społeczność',
      'jesień',
    ],
    svg: svg(
      sky('s', '#fff4e6', '#ffc078'),
      `<rect width="${W}" height="${H}" fill="url(#s)"/><rect y="${H - 200}" width="${W}" height="200" fill="#e8590c" opacity="0.6"/>${trees(47, ['#f76707', '#fab005', '#e03131'])}`,
    ),
  },
  {
    category: 'community',
    title: 'Together',
    tags: [
      'community',
      'people',
      'together',
      'Verein',
      'Gemeinschaft',
      'zusammen',
      'communauté',
      'ensemble',
      'comunità',
      'insieme',
      'społeczność',
      'razem',
    ],
    svg: svg(
      sky('s', '#fff0f6', '#ffc9c9'),
      `<rect width="${W}" height="${H}" fill="url(#s)"/>${heart(W / 2, 330, 140, '#fa5252')}${people(53, ['#1098ad', '#f08c00', '#9c36b5', '#2f9e44'])}`,
    ),
  },
  {
    category: 'community',
    title: 'Summer fair',
    tags: [
      'community',
      'fair',
      'summer',
      'celebration',
      'Verein',
      'Sommerfest',
      'Feier',
      'communauté',
      'fête',
      'comunità',
      'festa',
      'społeczność',
      'festyn',
      'uroczystość',
    ],
    svg: svg(
      sky('s', '#74c0fc', '#fff3bf'),
      `<rect width="${W}" height="${H}" fill="url(#s)"/><path d="M0 200 ${[...Array(9).keys()].map((i) => `L ${i * 200 + 100} 300 L ${i * 200 + 200} 200`).join(' ')}" stroke="#495057" stroke-width="4" fill="none"/>${[...Array(16).keys()].map((i) => `<polygon points="${i * 100 + 10},${i % 2 ? 250 : 205} ${i * 100 + 80},${i % 2 ? 250 : 205} ${i * 100 + 45},${(i % 2 ? 250 : 205) + 90}" fill="${['#fa5252', '#fab005', '#40c057', '#228be6'][i % 4]}"/>`).join('')}<rect y="${H - 220}" width="${W}" height="220" fill="#69db7c"/>${trees(59, ['#2f9e44', '#37b24d'])}`,
    ),
  },
];
