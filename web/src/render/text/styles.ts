import type { CSSProperties } from 'react';
import type { AlbumSettings } from '@stickerbook/model';
import { PT_TO_MM } from '../units.ts';
import { fontStack } from '../fonts/catalogue.ts';

/** A span's inline styles (SPEC §3) parsed from strings such as 'BOLD', 'SIZE-24', 'COLOR-#ff0000'. */
export interface SpanStyle {
  /** A family name, or a role: 'title', 'sub_title', 'paragraph'. */
  font?: string;
  sizePt?: number;
  bold: boolean;
  italic: boolean;
  uppercase: boolean;
  autosize: boolean;
  color?: string;
  letterSpacing?: number;
}

/** SPEC §9: new text paragraphs are 11 pt. */
export const DEFAULT_SIZE_PT = 11;
const FONT_ROLES = ['title', 'sub_title', 'paragraph'] as const;

export function parseSpanStyles(styles: readonly string[]): SpanStyle {
  const style: SpanStyle = { bold: false, italic: false, uppercase: false, autosize: false };
  for (const raw of styles) {
    if (raw === 'BOLD') style.bold = true;
    else if (raw === 'ITALIC') style.italic = true;
    else if (raw === 'UPPERCASE') style.uppercase = true;
    else if (raw === 'AUTOSIZE') style.autosize = true;
    else if (raw.startsWith('FONT-')) style.font = raw.slice(5);
    else if (raw.startsWith('COLOR-')) style.color = raw.slice(6);
    else if (raw.startsWith('SIZE-')) style.sizePt = finite(raw.slice(5));
    else if (raw.startsWith('LETTERSPACING-')) style.letterSpacing = finite(raw.slice(14));
  }
  return style;
}

function finite(text: string): number | undefined {
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/** 'title' / 'sub_title' / 'paragraph' go through the album's fonts; anything else is a family. */
export function resolveFontFamily(font: string | undefined, fonts: AlbumSettings['fonts']): string {
  if (font === undefined || font === '') return fonts.paragraph;
  if ((FONT_ROLES as readonly string[]).includes(font)) return fonts[font as keyof AlbumSettings['fonts']];
  return font;
}

/**
 * CSS for a span inside the text's foreignObject, laid out at `pxPerMm` CSS px per millimetre. Sizes
 * are multiplied by var(--autosize), which AUTOSIZE lowers until the text fits its box.
 * LETTERSPACING-n is in points, like SIZE-n.
 */
export function spanCss(style: SpanStyle, fonts: AlbumSettings['fonts'], pxPerMm = 1): CSSProperties {
  return {
    fontFamily: fontStack(resolveFontFamily(style.font, fonts)),
    fontSize: sizeCss(style.sizePt ?? DEFAULT_SIZE_PT, pxPerMm),
    fontWeight: style.bold ? 700 : 400,
    fontStyle: style.italic ? 'italic' : undefined,
    textTransform: style.uppercase ? 'uppercase' : undefined,
    color: style.color,
    letterSpacing: style.letterSpacing === undefined ? undefined : sizeCss(style.letterSpacing, pxPerMm),
  };
}

/** A length given in points, as CSS px at `pxPerMm`, scaled by the AUTOSIZE factor. */
export function sizeCss(pt: number, pxPerMm = 1): string {
  return `calc(var(--autosize, 1) * ${round(pt * PT_TO_MM * pxPerMm)}px)`;
}

function round(n: number): number {
  return Math.round(n * 10000) / 10000;
}
