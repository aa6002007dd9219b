/**
 * The album document (DESIGN.md "The album document").
 *
 * One JSON document per album: a normalized map of nodes plus the album's stickers and style settings,
 * so one mechanism (per-field patches) saves, syncs and undoes all of them. The tree view
 * (Root > Section > Spread > elements) is derived from `parentId` + `index`, never stored twice.
 *
 * Units are millimetres. A spread is 460 x 297 (two 230 x 297 pages). An element's x/y are relative to
 * its parent's origin (the spread's top-left corner, or the group's x/y for a group's children).
 */

export type NodeType =
  | 'Root'
  | 'Section'
  | 'Spread'
  | 'Group'
  | 'Image'
  | 'Text'
  | 'Rectangle'
  | 'Circle'
  | 'Line'
  | 'Sticker'
  | 'StickerCell'
  | 'Comment';

/** Palette index into `settings.colors`, a CSS colour string, or a linear gradient. */
export type Fill = number | string | LinearGradient;
export interface LinearGradient {
  type: 'linear';
  /** 2 to 4 colours, each a palette index or colour string. */
  colors: Array<number | string>;
  /** Direction in degrees, 0 = left to right. */
  direction: number;
}

/** Rich text: blocks (paragraphs) of spans, each span with the inline styles of SPEC §3. */
export interface RichText {
  blocks: RichTextBlock[];
}
export interface RichTextBlock {
  align?: 'left' | 'center' | 'right' | 'justify';
  /** Line height in percent: 100, 120, 150 or 200. */
  lineHeight?: number;
  spans: RichTextSpan[];
}
export interface RichTextSpan {
  text: string;
  /**
   * Inline styles as in SPEC §3: 'BOLD', 'ITALIC', 'UPPERCASE', 'AUTOSIZE', 'COLOR-#hex', 'LETTERSPACING-n',
   * plus 'FONT-<family or role>' (roles: title, sub_title, paragraph) and 'SIZE-<pt>' (4 to 72).
   */
  styles: string[];
}

export interface ElementProps {
  x: number;
  y: number;
  width: number;
  height: number;
  rotation?: number;
  scale?: number;
  locked?: boolean;
  alwaysOnTop?: boolean;
  fill?: Fill;
  fillOpacity?: number;
  stroke?: Fill;
  strokeWidth?: number;
  /** 0 to 100 (percent). */
  opacity?: number;
  borderRadius?: number;
  colors?: Array<number | string>;
  userId?: string;
  flip?: { x?: boolean; y?: boolean };
  text?: RichText;
  /** Automatic text symbol (SPEC §3); a text with a symbol cannot be edited. */
  symbol?: string;
  /** Image record id. */
  image?: string;
  pexelsId?: number;
  cx?: number;
  cy?: number;
  cscale?: number;
  crotation?: number;
  filter?: Record<string, number>;
  blend?: string;
  grayscale?: boolean;
  gradientMap?: Array<number | string>;
  gradientMapIntensity?: number;
  stickerId?: string;
  sectionId?: string;
  [key: string]: unknown;
}

export interface DocNode {
  id: string;
  type: NodeType;
  /** null only for the Root node. */
  parentId: string | null;
  /** Fractional index: siblings sort by this string. */
  index: string;
  props: Record<string, unknown>;
}

export interface Sticker {
  id: string;
  name: string;
  position: string;
  doubleSticker: boolean;
  image?: string | null;
  sectionId: string;
  cx?: number;
  cy?: number;
  cscale?: number;
  crotation?: number;
  stickerLayout?: string;
  cellLayout?: string;
  createdAt?: string;
  tags?: string[];
  logo?: boolean;
  /** SPEC §3: the sticker link upload this sticker was merged from (sticker-link merge), if any. */
  stickerUpload?: string | null;
  /** SPEC §3: where the photo came from before it was an image record (an imported file's or a stock URL). */
  src?: string;
  /** SPEC §3: picked for placing: the next sticker cell chosen (a tap on a phone) receives it. */
  stickerPlacing?: boolean;
  /** SPEC §3: where the sticker was last dropped on free spread space (mm, spread coordinates). */
  x?: number;
  y?: number;
}

export interface AlbumSettings {
  /** The first two colours are skipped in style tiles; primary, secondary, tertiary live at indices 2-4. */
  colors: string[];
  fonts: { title: string; sub_title: string; paragraph: string };
  stickerTemplateId: number;
  stickerTemplateSettings: { id: number; blank_enabled: boolean };
  customFonts: Array<{ name: string }>;
}

export interface AlbumDocument {
  schemaVersion: 1;
  rootId: string;
  nodes: Record<string, DocNode>;
  stickers: Record<string, Sticker>;
  settings: AlbumSettings;
}

/** A sticker frame design (SPEC §3 template documents): Rectangle, Text and Group nodes in a 50 x 70 (or 100 x 70) cell. */
export interface StickerTemplate {
  id: number;
  name: string;
  theme: 'default' | 'accented' | 'themed' | 'triangle' | 'gold' | 'tilted' | 'empty' | 'spread';
  variant: string;
  double: boolean;
  rootId: string;
  nodes: Record<string, DocNode>;
}

export const PAGE_WIDTH_MM = 230;
export const PAGE_HEIGHT_MM = 297;
export const SPREAD_WIDTH_MM = PAGE_WIDTH_MM * 2;
export const SPREAD_HEIGHT_MM = PAGE_HEIGHT_MM;
export const STICKER_CELL_MM = { width: 50, height: 70 } as const;
export const DOUBLE_STICKER_CELL_MM = { width: 100, height: 70 } as const;
