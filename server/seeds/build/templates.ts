/**
 * Sticker frame templates (SPEC §3 template documents, ids 595-617): what is drawn over every sticker's
 * photo in a 50 x 70 cell (100 x 70 for double stickers). Rectangle, Text and Group nodes only; texts carry
 * a template field as `symbol` (line, line1, line2, position, number, nextnumber) and a bracketed placeholder.
 * Constants from SPEC §9: frame stroke 0.5; overlay opacity 20 or 85; ribbon rotations -6, -15, -5.5, 5.5,
 * 8 and -8; two fixed gold colours. Other colours are palette indices so a template follows the album palette.
 */
import type { ElementProps, StickerTemplate } from '@stickerbook/model';
import { ElementSink, NodeMap } from './doc.ts';
import { symbolText } from './elements.ts';
import { styleFamily, type TextStyle } from './text.ts';

export const FRAME_STROKE = 0.5;
export const OVERLAY_LIGHT = 20;
export const OVERLAY_STRONG = 85;
export const GOLD_DARK = '#C9A227';
export const GOLD_LIGHT = '#E6C872';
const GOLD_GRADIENT = { type: 'linear' as const, colors: [GOLD_DARK, GOLD_LIGHT, GOLD_DARK], direction: 0 };

const INK = 0;
const WHITE = 1;
const PRIMARY = 2;
const SECONDARY = 3;
const TERTIARY = 4;

export type TemplateField = 'line' | 'line1' | 'line2' | 'position' | 'number' | 'nextnumber';

const PLACEHOLDER: Record<TemplateField, string> = {
  line: '[Name]',
  line1: '[First name]',
  line2: '[Last name]',
  position: '[Position]',
  number: '[12]',
  nextnumber: '[13]',
};

const nameStyle = styleFamily({ font: 'sub_title', bold: true, lineHeight: 100 });
const smallStyle = styleFamily({ font: 'paragraph', lineHeight: 100 });
const numberStyle = styleFamily({ font: 'title', bold: true, lineHeight: 100 });

function field(
  sink: ElementSink,
  symbol: TemplateField,
  box: { x: number; y: number; width: number; height: number },
  style: TextStyle,
  fill: ElementProps['fill'],
  extra: Partial<ElementProps> = {},
): void {
  symbolText(sink, symbol, PLACEHOLDER[symbol], box, style, fill, extra);
}

interface TemplateSpec {
  id: number;
  name: string;
  theme: StickerTemplate['theme'];
  variant: string;
  double: boolean;
  draw: (frame: ElementSink, width: number) => void;
}

function build(spec: TemplateSpec): StickerTemplate {
  const map = new NodeMap(`t${spec.id}`);
  const width = spec.double ? 100 : 50;
  const root = map.add('Group', null, { x: 0, y: 0, width, height: 70 }, 'frame');
  spec.draw(new ElementSink(map, root.id, ''), width);
  return {
    id: spec.id,
    name: spec.name,
    theme: spec.theme,
    variant: spec.variant,
    double: spec.double,
    rootId: root.id,
    nodes: map.nodes,
  };
}

/* Default: a white frame with the number. */

function whiteFrame(frame: ElementSink, width: number): void {
  frame.rect({ x: 0, y: 0, width, height: 70, stroke: WHITE, strokeWidth: FRAME_STROKE });
}

function defaultBand(frame: ElementSink, width: number, options: { full?: boolean; number?: boolean }): void {
  const height = options.full ? 15 : 11;
  const y = 70 - height;
  frame.rect({ x: 0, y, width, height, fill: WHITE });
  const textWidth = options.number === false ? width - 6 : width - 16;
  const align = options.number === false ? 'center' : 'left';
  field(frame, 'line', { x: 3, y: y + 2.5, width: textWidth, height: 4 }, nameStyle(7, { align }), INK);
  if (options.full) {
    field(
      frame,
      'position',
      { x: 3, y: y + 8.5, width: textWidth, height: 3.5 },
      smallStyle(5.5, { align }),
      INK,
      {
        opacity: OVERLAY_STRONG,
      },
    );
  }
  if (options.number !== false) {
    field(
      frame,
      'number',
      { x: width - 12, y: y + 2.5, width: 9, height: 4 },
      numberStyle(7, { align: 'right' }),
      PRIMARY,
    );
  }
}

/* Accented: a half-transparent overlay with a border. */

function accentBorder(frame: ElementSink, width: number): void {
  frame.rect({ x: 0, y: 0, width, height: 70, fill: PRIMARY, opacity: OVERLAY_LIGHT });
  frame.rect({ x: 2, y: 2, width: width - 4, height: 66, stroke: WHITE, strokeWidth: FRAME_STROKE });
}

function accentBand(frame: ElementSink, width: number, full: boolean, double: boolean): void {
  const height = full ? 17 : 12;
  const y = 70 - height;
  frame.rect({ x: 0, y, width, height, fill: PRIMARY, opacity: OVERLAY_STRONG });
  if (full) {
    field(frame, 'line1', { x: 4, y: y + 2.5, width: width - 20, height: 3.5 }, smallStyle(5.5), WHITE);
    field(
      frame,
      'line2',
      { x: 4, y: y + 6.5, width: width - 20, height: 4.5 },
      nameStyle(7.5, { uppercase: true }),
      WHITE,
    );
    field(frame, 'position', { x: 4, y: y + 12, width: width - 20, height: 3.5 }, smallStyle(5), WHITE, {
      opacity: 85,
    });
  } else {
    field(
      frame,
      'line',
      { x: 4, y: y + 2.5, width: width - 20, height: 4 },
      nameStyle(7, { uppercase: true }),
      WHITE,
    );
    field(frame, 'position', { x: 4, y: y + 7.5, width: width - 20, height: 3 }, smallStyle(5), WHITE, {
      opacity: 85,
    });
  }
  if (!double) {
    field(
      frame,
      'number',
      { x: width - 15, y: y + 3, width: 11, height: 5 },
      numberStyle(9, { align: 'right' }),
      WHITE,
    );
    return;
  }
  // A double sticker carries both of its numbers, one per half, in overlay tags at the top corners.
  const tag = (x: number, symbol: TemplateField): void => {
    frame.rect({ x, y: 2, width: 11, height: 7, fill: PRIMARY, opacity: OVERLAY_STRONG });
    field(frame, symbol, { x, y: 3.5, width: 11, height: 4 }, numberStyle(7, { align: 'center' }), WHITE);
  };
  tag(2, 'number');
  tag(width - 13, 'nextnumber');
}

/* Themed: a curved band (a strongly rounded rectangle wider than the cell, cut off by the cell edge). */

function curvedBand(frame: ElementSink, width: number, number: boolean): void {
  // A circle whose top arc spans the cell: it dips 9 mm from the middle to the corners (R = ((w/2)^2 + 81) / 18).
  const radius = ((width / 2) ** 2 + 81) / 18;
  const circle = (top: number, fill: number): void => {
    frame.rect({
      x: width / 2 - radius,
      y: top,
      width: radius * 2,
      height: radius * 2,
      fill,
      borderRadius: 50,
    });
  };
  circle(51, TERTIARY);
  circle(55, PRIMARY);
  field(
    frame,
    'line',
    { x: 3, y: 59.5, width: width - 6, height: 4 },
    nameStyle(7, { align: 'center' }),
    WHITE,
  );
  field(
    frame,
    'position',
    { x: 3, y: 64.5, width: width - 6, height: 3 },
    smallStyle(5, { align: 'center' }),
    WHITE,
    {
      opacity: 85,
    },
  );
  if (number) {
    frame.rect({ x: width - 12, y: 3, width: 9, height: 9, fill: PRIMARY, borderRadius: 50 });
    field(
      frame,
      'number',
      { x: width - 12, y: 5.5, width: 9, height: 4 },
      numberStyle(6.5, { align: 'center' }),
      WHITE,
    );
  }
}

/* Triangle: a corner triangle (a square turned 45° about the cell corner) with the number. */

function triangleCorner(frame: ElementSink, width: number, full: boolean): void {
  frame.rect({ x: -15, y: -15, width: 30, height: 30, fill: PRIMARY, rotation: 45 });
  field(frame, 'number', { x: 1.5, y: 2, width: 10, height: 5 }, numberStyle(8), WHITE);
  const height = full ? 14 : 10;
  frame.rect({ x: 0, y: 70 - height, width, height, fill: WHITE, opacity: OVERLAY_STRONG });
  frame.rect({ x: 0, y: 70 - height, width: 2, height, fill: SECONDARY });
  field(frame, 'line', { x: 5, y: 70 - height + 2.5, width: width - 8, height: 4 }, nameStyle(7), INK);
  if (full) {
    field(
      frame,
      'position',
      { x: 5, y: 70 - height + 8, width: width - 8, height: 3 },
      smallStyle(5),
      SECONDARY,
    );
  }
}

/* Gold: a gold-bordered frame with corner number tags. */

function goldFrame(frame: ElementSink, width: number, options: { text: boolean; double: boolean }): void {
  frame.rect({ x: 0.75, y: 0.75, width: width - 1.5, height: 68.5, stroke: GOLD_DARK, strokeWidth: 1.5 });
  frame.rect({
    x: 2.75,
    y: 2.75,
    width: width - 5.5,
    height: 64.5,
    stroke: GOLD_LIGHT,
    strokeWidth: FRAME_STROKE,
  });
  frame.rect({ x: 0, y: 0, width: 11, height: 7, fill: GOLD_GRADIENT });
  field(frame, 'number', { x: 0, y: 1.5, width: 11, height: 4 }, numberStyle(6.5, { align: 'center' }), INK);
  if (options.double) {
    frame.rect({ x: width - 11, y: 0, width: 11, height: 7, fill: GOLD_GRADIENT });
    field(
      frame,
      'nextnumber',
      { x: width - 11, y: 1.5, width: 11, height: 4 },
      numberStyle(6.5, { align: 'center' }),
      INK,
    );
  }
  if (options.text) {
    frame.rect({ x: 4, y: 56, width: width - 8, height: 10, fill: INK, opacity: OVERLAY_STRONG });
    frame.rect({ x: 4, y: 56, width: width - 8, height: 0.5, fill: GOLD_LIGHT });
    field(
      frame,
      'line',
      { x: 6, y: 57.5, width: width - 12, height: 4 },
      nameStyle(6.5, { align: 'center', uppercase: true }),
      GOLD_LIGHT,
    );
    field(
      frame,
      'position',
      { x: 6, y: 62, width: width - 12, height: 3 },
      smallStyle(4.5, { align: 'center' }),
      WHITE,
    );
  }
}

/* Tilted: ribbons turned by the SPEC §9 angles. A ribbon is a group so its texts turn with it. */

function ribbon(
  frame: ElementSink,
  box: { x: number; y: number; width: number; height: number },
  rotation: number,
  fill: ElementProps['fill'],
  draw: (ribbon: ElementSink) => void,
): void {
  frame.group({ ...box, rotation }, (group) => {
    group.rect({ x: 0, y: 0, width: box.width, height: box.height, fill });
    draw(group);
  });
}

function nameRibbon(frame: ElementSink, width: number, rotation: number, withNumber: boolean): void {
  ribbon(frame, { x: -4, y: 52, width: width + 8, height: 13 }, rotation, PRIMARY, (group) => {
    const textX = withNumber ? 14 : 6;
    if (withNumber) {
      group.rect({ x: 4, y: 0, width: 9, height: 13, fill: INK, opacity: OVERLAY_STRONG });
      field(
        group,
        'number',
        { x: 4, y: 4, width: 9, height: 5 },
        numberStyle(7.5, { align: 'center' }),
        WHITE,
      );
    }
    field(
      group,
      'line',
      { x: textX, y: 2.5, width: width - textX, height: 4 },
      nameStyle(7, { uppercase: true }),
      WHITE,
    );
    field(group, 'position', { x: textX, y: 7.5, width: width - textX, height: 3 }, smallStyle(5), WHITE, {
      opacity: 85,
    });
  });
}

export function stickerTemplates(): StickerTemplate[] {
  const specs: TemplateSpec[] = [
    {
      id: 595,
      name: 'White frame with number',
      theme: 'default',
      variant: 'default',
      double: false,
      draw: (f, w) => {
        whiteFrame(f, w);
        defaultBand(f, w, {});
      },
    },
    {
      id: 596,
      name: 'White frame with name and position',
      theme: 'default',
      variant: 'full',
      double: false,
      draw: (f, w) => {
        whiteFrame(f, w);
        defaultBand(f, w, { full: true });
      },
    },
    {
      id: 597,
      name: 'White frame, number only',
      theme: 'default',
      variant: 'textless',
      double: false,
      draw: (f, w) => {
        whiteFrame(f, w);
        f.rect({ x: w - 12, y: 60, width: 9, height: 7, fill: WHITE });
        field(
          f,
          'number',
          { x: w - 12, y: 61.5, width: 9, height: 4 },
          numberStyle(7, { align: 'center' }),
          PRIMARY,
        );
      },
    },
    {
      id: 598,
      name: 'White frame with name',
      theme: 'default',
      variant: 'numberless',
      double: false,
      draw: (f, w) => {
        whiteFrame(f, w);
        defaultBand(f, w, { number: false });
      },
    },
    {
      id: 599,
      name: 'White frame with numbers, double',
      theme: 'default',
      variant: 'default',
      double: true,
      draw: (f, w) => {
        whiteFrame(f, w);
        defaultBand(f, w, { full: true });
        field(
          f,
          'nextnumber',
          { x: w - 12, y: 63.5, width: 9, height: 4 },
          numberStyle(6, { align: 'right' }),
          PRIMARY,
          {
            opacity: OVERLAY_STRONG,
          },
        );
      },
    },
    {
      id: 600,
      name: 'Overlay with border',
      theme: 'accented',
      variant: 'default',
      double: false,
      draw: (f, w) => {
        accentBorder(f, w);
        accentBand(f, w, false, false);
      },
    },
    {
      id: 601,
      name: 'Overlay with border, first and last name',
      theme: 'accented',
      variant: 'full',
      double: false,
      draw: (f, w) => {
        accentBorder(f, w);
        accentBand(f, w, true, false);
      },
    },
    {
      id: 602,
      name: 'Overlay with border, double',
      theme: 'accented',
      variant: 'default',
      double: true,
      draw: (f, w) => {
        accentBorder(f, w);
        accentBand(f, w, false, true);
      },
    },
    {
      id: 603,
      name: 'Curved band',
      theme: 'themed',
      variant: 'default',
      double: false,
      draw: (f, w) => curvedBand(f, w, true),
    },
    {
      id: 604,
      name: 'Curved band without number',
      theme: 'themed',
      variant: 'numberless',
      double: false,
      draw: (f, w) => curvedBand(f, w, false),
    },
    {
      id: 605,
      name: 'Curved band, double',
      theme: 'themed',
      variant: 'default',
      double: true,
      draw: (f, w) => {
        curvedBand(f, w, true);
        f.rect({ x: 3, y: 3, width: 9, height: 9, fill: PRIMARY, borderRadius: 50 });
        field(
          f,
          'nextnumber',
          { x: 3, y: 5.5, width: 9, height: 4 },
          numberStyle(6.5, { align: 'center' }),
          WHITE,
        );
      },
    },
    {
      id: 606,
      name: 'Corner triangle',
      theme: 'triangle',
      variant: 'default',
      double: false,
      draw: (f, w) => triangleCorner(f, w, false),
    },
    {
      id: 607,
      name: 'Corner triangle with position',
      theme: 'triangle',
      variant: 'full',
      double: false,
      draw: (f, w) => triangleCorner(f, w, true),
    },
    {
      id: 608,
      name: 'Corner triangle, double',
      theme: 'triangle',
      variant: 'default',
      double: true,
      draw: (f, w) => {
        triangleCorner(f, w, true);
        f.rect({
          x: w - 15,
          y: -15,
          width: 30,
          height: 30,
          fill: PRIMARY,
          rotation: 45,
          opacity: OVERLAY_STRONG,
        });
        field(
          f,
          'nextnumber',
          { x: w - 11.5, y: 2, width: 10, height: 5 },
          numberStyle(8, { align: 'right' }),
          WHITE,
        );
      },
    },
    {
      id: 609,
      name: 'Gold frame with corner number',
      theme: 'gold',
      variant: 'default',
      double: false,
      draw: (f, w) => goldFrame(f, w, { text: true, double: false }),
    },
    {
      id: 610,
      name: 'Gold frame, number only',
      theme: 'gold',
      variant: 'textless',
      double: false,
      draw: (f, w) => goldFrame(f, w, { text: false, double: false }),
    },
    {
      id: 611,
      name: 'Gold frame with corner numbers, double',
      theme: 'gold',
      variant: 'default',
      double: true,
      draw: (f, w) => goldFrame(f, w, { text: true, double: true }),
    },
    {
      id: 612,
      name: 'Tilted ribbon',
      theme: 'tilted',
      variant: 'default',
      double: false,
      draw: (f, w) => {
        whiteFrame(f, w);
        nameRibbon(f, w, -6, true);
      },
    },
    {
      id: 613,
      name: 'Steep ribbon',
      theme: 'tilted',
      variant: 'full',
      double: false,
      draw: (f, w) => {
        whiteFrame(f, w);
        nameRibbon(f, w, -15, true);
      },
    },
    {
      id: 614,
      name: 'Crossed ribbons',
      theme: 'tilted',
      variant: 'corner',
      double: false,
      draw: (f, w) => {
        whiteFrame(f, w);
        ribbon(f, { x: w - 18, y: 3, width: 20, height: 8 }, 8, SECONDARY, (group) => {
          field(
            group,
            'number',
            { x: 0, y: 2, width: 16, height: 4 },
            numberStyle(7, { align: 'center' }),
            WHITE,
          );
        });
        nameRibbon(f, w, -8, false);
      },
    },
    {
      id: 615,
      name: 'Tilted ribbons, double',
      theme: 'tilted',
      variant: 'default',
      double: true,
      draw: (f, w) => {
        whiteFrame(f, w);
        nameRibbon(f, w, -5.5, true);
        ribbon(f, { x: w - 22, y: 4, width: 24, height: 8 }, 5.5, SECONDARY, (group) => {
          field(
            group,
            'nextnumber',
            { x: 0, y: 2, width: 20, height: 4 },
            numberStyle(7, { align: 'center' }),
            WHITE,
          );
        });
      },
    },
    {
      id: 616,
      name: 'Empty',
      theme: 'empty',
      variant: 'default',
      double: false,
      // Only the photo: the group holds one invisible rectangle, since a group must have children.
      draw: (f, w) => {
        f.rect({ x: 0, y: 0, width: w, height: 70, fillOpacity: 0 });
      },
    },
    {
      id: 617,
      name: 'Two-cell spread',
      theme: 'spread',
      variant: 'default',
      double: true,
      draw: (f, w) => {
        f.rect({ x: 0, y: 0, width: w / 2, height: 70, stroke: WHITE, strokeWidth: FRAME_STROKE });
        f.rect({ x: w / 2, y: 0, width: w / 2, height: 70, stroke: WHITE, strokeWidth: FRAME_STROKE });
        f.rect({ x: 0, y: 58, width: w, height: 12, fill: INK, opacity: OVERLAY_STRONG });
        field(f, 'number', { x: 3, y: 61, width: 10, height: 5 }, numberStyle(8), WHITE);
        field(
          f,
          'line',
          { x: 15, y: 60.5, width: w - 30, height: 4 },
          nameStyle(7, { align: 'center' }),
          WHITE,
        );
        field(
          f,
          'position',
          { x: 15, y: 65, width: w - 30, height: 3 },
          smallStyle(5, { align: 'center' }),
          WHITE,
          {
            opacity: 85,
          },
        );
        field(
          f,
          'nextnumber',
          { x: w - 13, y: 61, width: 10, height: 5 },
          numberStyle(8, { align: 'right' }),
          WHITE,
        );
      },
    },
  ];
  return specs.map(build);
}
