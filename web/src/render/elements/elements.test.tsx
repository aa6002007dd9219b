import { describe, expect, it } from 'vitest';
import { SpreadSvg } from '../SpreadSvg.tsx';
import { docWith, renderDom } from '../test-support.tsx';
import type { AlbumDocument, StickerTemplate } from '@stickerbook/model';

const imageUrlFor = (id: string, variant: string) => `/img/${id}/${variant}.jpg`;
const imageSizeFor = () => ({ width: 1200, height: 600 });

function draw(doc: AlbumDocument, extra: Partial<Parameters<typeof SpreadSvg>[0]> = {}) {
  const { container } = renderDom(
    <SpreadSvg
      doc={doc}
      spreadId="spread"
      imageUrlFor={imageUrlFor}
      imageSizeFor={imageSizeFor}
      {...extra}
    />,
  );
  return container;
}
const frame = (c: HTMLElement, id: string) => c.querySelector(`[data-node-id="${id}"]`) as SVGGElement;

describe('SpreadSvg', () => {
  it('draws a 460 x 297 mm viewBox, with 2 mm bleed on request', () => {
    expect(draw(docWith([])).querySelector('svg')?.getAttribute('viewBox')).toBe('0 0 460 297');
    expect(draw(docWith([]), { showBleed: true }).querySelector('svg')?.getAttribute('viewBox')).toBe(
      '-2 -2 464 301',
    );
  });
  it('fills the spread from the palette, reaching into the bleed', () => {
    const fill = draw(docWith([])).querySelector('[data-spread-fill]');
    expect(fill?.getAttribute('fill')).toBe('#ffffff');
    expect(fill?.getAttribute('width')).toBe('464');
  });
  it('draws children in index order with alwaysOnTop elements last', () => {
    const doc = docWith([
      { type: 'Rectangle', props: { x: 0, y: 0, width: 1, height: 1, alwaysOnTop: true }, id: 'top' },
      { type: 'Rectangle', props: { x: 0, y: 0, width: 1, height: 1 }, id: 'b' },
      { type: 'Circle', props: { x: 0, y: 0, width: 1, height: 1 }, id: 'c' },
    ]);
    const ids = [...draw(doc).querySelectorAll('[data-node-id]')].map((g) => g.getAttribute('data-node-id'));
    expect(ids).toEqual(['b', 'c', 'top']);
  });
  it('sizes the svg in mm for print and in px per mm for a zoom', () => {
    expect(draw(docWith([]), { printMode: true }).querySelector('svg')?.getAttribute('width')).toBe('460mm');
    expect(draw(docWith([]), { zoom: 2 }).querySelector('svg')?.getAttribute('width')).toBe('920');
  });
});

describe('element frames', () => {
  it('positions, rotates, scales and flips in the outer group, with opacity and blend mode', () => {
    const doc = docWith([
      {
        type: 'Rectangle',
        props: {
          x: 5,
          y: 6,
          width: 10,
          height: 20,
          rotation: 30,
          scale: 2,
          flip: { y: true },
          opacity: 50,
          blend: 'multiply',
        },
      },
    ]);
    const g = frame(draw(doc), 'e1');
    expect(g.getAttribute('transform')).toBe(
      'translate(5 6) rotate(30 10 20) scale(2) translate(0 20) scale(1 -1)',
    );
    expect(g.getAttribute('opacity')).toBe('0.5');
    expect(g.style.mixBlendMode).toBe('multiply');
  });
});

describe('shapes', () => {
  it('draws a rectangle with palette fill, stroke, fill opacity and border radius', () => {
    const doc = docWith([
      {
        type: 'Rectangle',
        props: {
          x: 0,
          y: 0,
          width: 40,
          height: 20,
          fill: 2,
          stroke: '#000',
          strokeWidth: 1,
          fillOpacity: 50,
          borderRadius: 25,
        },
      },
    ]);
    const rect = frame(draw(doc), 'e1').querySelector('rect')!;
    expect(rect.getAttribute('fill')).toBe('#c8102e');
    expect(rect.getAttribute('stroke')).toBe('#000');
    expect(rect.getAttribute('stroke-width')).toBe('1');
    expect(rect.getAttribute('fill-opacity')).toBe('0.5');
    expect(rect.getAttribute('rx')).toBe('5');
  });
  it('draws a gradient fill as a linearGradient with one stop per colour and a stable id', () => {
    const doc = docWith([
      {
        type: 'Rectangle',
        props: {
          x: 0,
          y: 0,
          width: 40,
          height: 20,
          fill: { type: 'linear', colors: [2, '#00ff00', 4], direction: 0 },
        },
      },
    ]);
    const g = frame(draw(doc), 'e1');
    const gradient = g.querySelector('linearGradient')!;
    expect([...gradient.querySelectorAll('stop')].map((s) => s.getAttribute('stop-color'))).toEqual([
      '#c8102e',
      '#00ff00',
      '#f2c14e',
    ]);
    expect(g.querySelector('rect')?.getAttribute('fill')).toBe(`url(#${gradient.id})`);
    expect(gradient.id).toMatch(/-e1-fill$/);
  });
  it('draws a circle as an ellipse filling its box', () => {
    const ellipse = frame(
      draw(docWith([{ type: 'Circle', props: { x: 0, y: 0, width: 40, height: 20, fill: 0 } }])),
      'e1',
    ).querySelector('ellipse')!;
    expect(['cx', 'cy', 'rx', 'ry'].map((a) => ellipse.getAttribute(a))).toEqual(['20', '10', '20', '10']);
  });
  it('draws a line across the middle of its box in the stroke colour and width', () => {
    const line = frame(
      draw(
        docWith([
          { type: 'Line', props: { x: 0, y: 0, width: 100, height: 1, stroke: 3, strokeWidth: 1.5 } },
        ]),
      ),
      'e1',
    ).querySelector('line')!;
    expect(['x1', 'y1', 'x2', 'y2', 'stroke', 'stroke-width'].map((a) => line.getAttribute(a))).toEqual([
      '0',
      '0.5',
      '100',
      '0.5',
      '#0b2545',
      '1.5',
    ]);
  });
});

describe('images', () => {
  it('crops the chosen variant into a clipped frame', () => {
    const doc = docWith([
      {
        type: 'Image',
        props: {
          x: 0,
          y: 0,
          width: 60,
          height: 40,
          image: 'p1',
          cx: 0.5,
          cy: 0.5,
          cscale: 2,
          crotation: 10,
          borderRadius: 10,
        },
      },
    ]);
    const g = frame(draw(doc, { zoom: 0.5 }), 'e1');
    const image = g.querySelector('image')!;
    expect(image.getAttribute('href')).toBe('/img/p1/small.jpg');
    expect(['x', 'y', 'width', 'height'].map((a) => image.getAttribute(a))).toEqual([
      '-50',
      '-20',
      '160',
      '80',
    ]);
    expect(image.getAttribute('transform')).toBe('rotate(10 30 20)');
    expect(g.querySelector('clipPath rect')?.getAttribute('rx')).toBe('4');
  });
  it('picks the large variant at 600 %', () => {
    const doc = docWith([{ type: 'Image', props: { x: 0, y: 0, width: 60, height: 40, image: 'p1' } }]);
    expect(
      frame(draw(doc, { zoom: 6 }), 'e1')
        .querySelector('image')
        ?.getAttribute('href'),
    ).toBe('/img/p1/large.jpg');
  });
  it('adds an sRGB filter for adjustments, grayscale and gradient maps', () => {
    const doc = docWith([
      {
        type: 'Image',
        props: {
          x: 0,
          y: 0,
          width: 60,
          height: 40,
          image: 'p1',
          filter: { con: 20, hue: 30 },
          grayscale: true,
          gradientMap: [0, 4],
          gradientMapIntensity: 50,
        },
      },
    ]);
    const g = frame(draw(doc), 'e1');
    const filter = g.querySelector('filter')!;
    expect(filter.getAttribute('color-interpolation-filters')).toBe('sRGB');
    expect(g.querySelector('image')?.getAttribute('filter')).toBe(`url(#${filter.id})`);
    expect(filter.querySelectorAll('feComponentTransfer')).toHaveLength(2);
    expect(filter.querySelector('feColorMatrix[type="hueRotate"]')?.getAttribute('values')).toBe('30');
    expect(filter.querySelector('feColorMatrix[type="saturate"]')?.getAttribute('values')).toBe('0');
    expect(filter.querySelector('feComposite')?.getAttribute('k2')).toBe('0.5');
  });
  it('sends no dashed editor outline to print: empty sticker cells and placeholders are drawn plain', () => {
    const doc = docWith([
      { type: 'StickerCell', props: { x: 10, y: 10, width: 50, height: 70 } },
      { type: 'Image', props: { x: 100, y: 10, width: 60, height: 40 } },
      { type: 'Text', props: { x: 200, y: 10, width: 60, height: 10 } },
      { type: 'Rectangle', props: { x: 300, y: 10, width: 20, height: 20, stroke: 0, strokeWidth: 1 } },
    ]);
    // The editor shows the empty cell's dashed slot ...
    expect(draw(doc).querySelector('[data-sticker-cell="empty"] [stroke-dasharray]')).not.toBeNull();
    // ... the print file has no dashed line at all, but still the cell.
    const printed = draw(doc, { printMode: true });
    expect(printed.querySelector('[stroke-dasharray]')).toBeNull();
    expect(printed.querySelector('[data-sticker-cell="empty"]')).not.toBeNull();
  });
  it('shows a placeholder without an image in the editor and nothing in print', () => {
    const doc = docWith([{ type: 'Image', props: { x: 0, y: 0, width: 60, height: 40 } }]);
    expect(frame(draw(doc), 'e1').querySelector('[data-placeholder="image"]')).not.toBeNull();
    expect(
      frame(draw(doc, { printMode: true }), 'e1').querySelector('[data-placeholder="image"]'),
    ).toBeNull();
  });
});

describe('text', () => {
  const text = {
    blocks: [
      {
        align: 'center' as const,
        lineHeight: 120,
        spans: [
          { text: 'Hello ', styles: ['BOLD', 'SIZE-20', 'FONT-title'] },
          { text: 'world', styles: ['ITALIC', 'COLOR-#ff0000'] },
        ],
      },
    ],
  };
  it('renders rich text as HTML in a foreignObject, 10 px per mm', () => {
    const g = frame(
      draw(docWith([{ type: 'Text', props: { x: 0, y: 0, width: 100, height: 20, fill: 3, text } }])),
      'e1',
    );
    const fo = g.querySelector('foreignObject')!;
    expect([fo.getAttribute('width'), fo.getAttribute('height')]).toEqual(['1000', '200']);
    const p = fo.querySelector('p')!;
    expect(p.style.textAlign).toBe('center');
    expect(p.style.lineHeight).toBe('1.2');
    const [hello, world] = [...p.querySelectorAll('span')];
    expect(hello.style.fontWeight).toBe('700');
    expect(hello.style.fontFamily).toContain('Playfair Display');
    expect(world.style.fontStyle).toBe('italic');
    expect(world.style.color).toBe('rgb(255, 0, 0)');
    expect((fo.firstChild as HTMLElement).style.color).toBe('rgb(11, 37, 69)');
  });
  it('shows the resolved value of an automatic symbol in the placeholder style', () => {
    const doc = docWith([
      {
        type: 'Text',
        props: {
          x: 0,
          y: 0,
          width: 100,
          height: 20,
          symbol: 'album',
          text: { blocks: [{ spans: [{ text: '[Album]', styles: ['BOLD'] }] }] },
        },
      },
    ]);
    const span = frame(draw(doc, { albumMeta: { title: 'FC Test' } }), 'e1').querySelector('span')!;
    expect(span.textContent).toBe('FC Test');
    expect(span.style.fontWeight).toBe('700');
  });
});

describe('groups, comments and sticker cells', () => {
  it('draws group children inside the group frame', () => {
    const doc = docWith([
      { type: 'Group', props: { x: 10, y: 10, width: 50, height: 50, rotation: 90 }, id: 'g' },
      { type: 'Rectangle', props: { x: 1, y: 2, width: 3, height: 4 }, id: 'child', parentId: 'g' },
    ]);
    const g = frame(draw(doc), 'g');
    expect(g.getAttribute('transform')).toBe('translate(10 10) rotate(90 25 25)');
    expect(frame(g as unknown as HTMLElement, 'child').getAttribute('transform')).toBe('translate(1 2)');
  });
  it('shows comment markers in the editor only', () => {
    const doc = docWith([{ type: 'Comment', props: { x: 10, y: 10, width: 8, height: 8 } }]);
    expect(draw(doc).querySelector('[data-comment-marker]')).not.toBeNull();
    expect(draw(doc, { printMode: true }).querySelector('[data-comment-marker]')).toBeNull();
  });
  it('draws an empty cell as a dashed placeholder', () => {
    const cell = draw(
      docWith([{ type: 'StickerCell', props: { x: 0, y: 0, width: 50, height: 70 } }]),
    ).querySelector('[data-sticker-cell="empty"]');
    expect(cell?.querySelector('rect')?.getAttribute('stroke-dasharray')).toBeTruthy();
  });
  const withSticker = () => {
    const doc = docWith([
      { type: 'StickerCell', props: { x: 0, y: 0, width: 50, height: 70, stickerId: 's1' } },
    ]);
    doc.stickers.s1 = {
      id: 's1',
      name: 'Anna Nowak',
      position: 'Goalkeeper',
      doubleSticker: false,
      image: 'p2',
      sectionId: 'sec',
    };
    return doc;
  };
  it('draws a placed sticker in the simple white frame when no template is known', () => {
    const cell = draw(withSticker()).querySelector('[data-sticker-cell="filled"]')!;
    expect(cell.querySelector('image')?.getAttribute('href')).toBe('/img/p2/medium.jpg');
    expect(cell.textContent).toContain('Anna Nowak');
    expect(cell.textContent).toContain('Goalkeeper');
    expect(cell.textContent).toContain('1');
  });
  it('draws a placed sticker inside the album template with its texts resolved', () => {
    const template: StickerTemplate = {
      id: 595,
      name: 'White',
      theme: 'default',
      variant: 'default',
      double: false,
      rootId: 'r',
      nodes: {
        r: {
          id: 'r',
          type: 'Group',
          parentId: null,
          index: 'a0',
          props: { x: 0, y: 0, width: 50, height: 70 },
        },
        n: {
          id: 'n',
          type: 'Text',
          parentId: 'r',
          index: 'a0',
          props: {
            x: 0,
            y: 60,
            width: 50,
            height: 5,
            symbol: 'line',
            text: { blocks: [{ spans: [{ text: '[Name]', styles: [] }] }] },
          },
        },
        k: {
          id: 'k',
          type: 'Text',
          parentId: 'r',
          index: 'a1',
          props: {
            x: 0,
            y: 0,
            width: 10,
            height: 5,
            symbol: 'number',
            text: { blocks: [{ spans: [{ text: '[12]', styles: [] }] }] },
          },
        },
      },
    };
    const cell = draw(withSticker(), { templates: { 595: template } }).querySelector(
      '[data-sticker-cell="filled"]',
    )!;
    expect(cell.getAttribute('data-template')).toBe('595');
    expect([...cell.querySelectorAll('foreignObject')].map((f) => f.textContent)).toEqual([
      'Anna Nowak',
      '1',
    ]);
  });
  it('shows placeholders instead of stickers when stickers are hidden', () => {
    expect(
      draw(withSticker(), { showStickers: false }).querySelector('[data-sticker-cell="empty"]'),
    ).not.toBeNull();
  });
});
