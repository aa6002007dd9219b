/**
 * Every seeded sticker frame template (server/seeds/sticker-templates) paints inside its cell: the spread is
 * drawn with one filled cell per template, rasterised (librsvg through sharp), and every pixel outside the
 * cell must still show the spread's own colour. The curved band once drew a circle twice the cell's width.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { AlbumDocument, StickerTemplate } from '@stickerbook/model';
import { describe, expect, it } from 'vitest';
import { SpreadSvg } from '../SpreadSvg.tsx';
import { docWith, renderDom } from '../test-support.tsx';

const TEMPLATE_DIR = join(import.meta.dirname, '../../../../server/seeds/sticker-templates');
const templates: Record<number, StickerTemplate> = Object.fromEntries(
  readdirSync(TEMPLATE_DIR)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(join(TEMPLATE_DIR, name), 'utf8')) as StickerTemplate)
    .map((template) => [template.id, template]),
);

const PX_PER_MM = 2;
const SPREAD = { width: 460, height: 297 };
const BACKGROUND = [0, 255, 0];
const CELL = { x: 180, y: 110 };

function albumWithTemplate(template: StickerTemplate): AlbumDocument {
  const width = template.double ? 100 : 50;
  const doc = docWith([
    { type: 'StickerCell', id: 'cell', props: { ...CELL, width, height: 70, stickerId: 's1' } },
  ]);
  doc.nodes.spread.props.fill = '#00ff00';
  doc.settings.stickerTemplateId = template.id;
  doc.stickers.s1 = {
    id: 's1',
    name: 'Anna Nowak',
    position: 'Goalkeeper',
    doubleSticker: template.double,
    sectionId: 'sec',
  };
  return doc;
}

/** The painted bounds (mm) of everything that is not the spread's background colour. */
async function paintedBounds(doc: AlbumDocument) {
  const { container, unmount } = renderDom(<SpreadSvg doc={doc} spreadId="spread" templates={templates} />);
  const svg = container.querySelector('svg')!;
  svg.setAttribute('width', String(SPREAD.width * PX_PER_MM));
  svg.setAttribute('height', String(SPREAD.height * PX_PER_MM));
  svg.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  const markup = svg.outerHTML;
  unmount();
  const { data, info } = await sharp(Buffer.from(markup))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * info.channels;
      const far = BACKGROUND.some((value, c) => Math.abs(data[i + c] - value) > 8);
      if (!far) continue;
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x + 1);
      maxY = Math.max(maxY, y + 1);
    }
  }
  return { x: minX / PX_PER_MM, y: minY / PX_PER_MM, right: maxX / PX_PER_MM, bottom: maxY / PX_PER_MM };
}

describe('sticker frame templates', () => {
  it('are all seeded (SPEC §3: ids 595-617)', () => {
    expect(Object.keys(templates)).toHaveLength(23);
  });

  it.each(Object.values(templates).map((template) => [template.id, template.name, template] as const))(
    'template %i (%s) paints nothing outside its cell',
    async (_id, _name, template) => {
      const width = template.double ? 100 : 50;
      const bounds = await paintedBounds(albumWithTemplate(template));
      // Half a pixel of anti-aliasing either side.
      const slack = 0.5 / PX_PER_MM;
      expect(bounds.x).toBeGreaterThanOrEqual(CELL.x - slack);
      expect(bounds.y).toBeGreaterThanOrEqual(CELL.y - slack);
      expect(bounds.right).toBeLessThanOrEqual(CELL.x + width + slack);
      expect(bounds.bottom).toBeLessThanOrEqual(CELL.y + 70 + slack);
    },
  );
});
