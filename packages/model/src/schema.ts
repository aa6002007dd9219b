/**
 * Zod schemas for everything stored in an album document, with the ranges of SPEC §5.
 *
 * The server validates every incoming mutation against these, so they are strict where a client could do harm:
 * element, section and spread props reject unknown keys, colour strings are plain CSS colours (no `url(`, no `;`),
 * strings have length limits, and ids use a path-safe alphabet. Shapes follow `document.ts`; the `satisfies` checks
 * at the bottom keep the two in step.
 */
import { generateKeyBetween } from 'fractional-indexing';
import { z } from 'zod';
import {
  BORDER_RADIUS_RANGE,
  FONT_SIZE_MAX,
  FONT_SIZE_MIN,
  GRADIENT_COLORS_RANGE,
  IMAGE_FILTER_KEYS,
  LINE_HEIGHTS_PERCENT,
  OPACITY_RANGE,
  SECTION_NAME_MAX,
  STICKER_NAME_MAX,
  STICKER_POSITION_MAX,
  STICKER_SCALE_RANGE,
  STICKER_TEMPLATE_TEXT_FIELDS,
  STROKE_WIDTH_RANGE,
  TEXT_SYMBOLS,
} from './constants.ts';
import type {
  AlbumDocument,
  AlbumSettings,
  DocNode,
  Fill,
  NodeType,
  RichText,
  Sticker,
  StickerTemplate,
} from './document.ts';
import { ID_PATTERN, RESERVED_KEYS } from './ids.ts';

// Building blocks -------------------------------------------------------------------------------------------

export const idSchema = z
  .string()
  .regex(ID_PATTERN, 'invalid id')
  .refine((id) => !RESERVED_KEYS.has(id), 'reserved name');

/** Coordinates and sizes are finite and bounded so a malicious value cannot blow up layout maths. */
const coordinate = z.number().min(-100_000).max(100_000);
const size = z.number().min(0).max(100_000);
const angle = z.number().min(-36_000).max(36_000);
const percent = z.number().min(OPACITY_RANGE.min).max(OPACITY_RANGE.max);

/** Plain CSS colours only: hex, rgb()/rgba()/hsl()/hsla() with numbers, or a keyword. */
const CSS_COLOR =
  /^(#[0-9a-fA-F]{3,8}|(rgb|rgba|hsl|hsla)\(\s*-?[0-9.]+%?(deg)?(\s*[,\s/]\s*-?[0-9.]+%?){2,3}\s*\)|[a-zA-Z]{3,20})$/;
const colorStringSchema = z.string().max(64).regex(CSS_COLOR, 'invalid colour');

/** A palette index into `settings.colors`. */
const paletteIndexSchema = z.number().int().min(0).max(63);
const colorSchema = z.union([paletteIndexSchema, colorStringSchema]);

const linearGradientSchema = z.strictObject({
  type: z.literal('linear'),
  colors: z.array(colorSchema).min(GRADIENT_COLORS_RANGE.min).max(GRADIENT_COLORS_RANGE.max),
  direction: angle,
});

export const fillSchema = z.union([paletteIndexSchema, colorStringSchema, linearGradientSchema]);

// Rich text ---------------------------------------------------------------------------------------------------

const LINE_HEIGHT_VALUES = LINE_HEIGHTS_PERCENT;

/** Inline styles of SPEC §3, plus FONT-<family or role> and SIZE-<pt> (4 to 72). */
const STYLE_PATTERN =
  /^(BOLD|ITALIC|UPPERCASE|AUTOSIZE|COLOR-#[0-9a-fA-F]{3,8}|LETTERSPACING--?\d{1,3}(\.\d{1,3})?|FONT-[A-Za-z0-9 _-]{1,64}|SIZE-\d{1,2}(\.\d{1,2})?)$/;

export const inlineStyleSchema = z
  .string()
  .regex(STYLE_PATTERN, 'unknown inline style')
  .refine((style) => {
    if (!style.startsWith('SIZE-')) return true;
    const points = Number(style.slice(5));
    return points >= FONT_SIZE_MIN && points <= FONT_SIZE_MAX;
  }, `font size must be ${FONT_SIZE_MIN} to ${FONT_SIZE_MAX}`);

export const richTextSchema = z.strictObject({
  blocks: z
    .array(
      z.strictObject({
        align: z.enum(['left', 'center', 'right', 'justify']).optional(),
        lineHeight: z
          .number()
          .refine((value) => (LINE_HEIGHT_VALUES as readonly number[]).includes(value), {
            message: 'line height must be 100, 120, 150 or 200',
          })
          .optional(),
        spans: z
          .array(z.strictObject({ text: z.string().max(10_000), styles: z.array(inlineStyleSchema).max(32) }))
          .max(500),
      }),
    )
    .max(500),
});

// Element props -------------------------------------------------------------------------------------------------

const imageFilterSchema = z.strictObject(
  Object.fromEntries(
    IMAGE_FILTER_KEYS.map((key) => [key, z.number().min(-1000).max(1000).optional()]),
  ) as Record<(typeof IMAGE_FILTER_KEYS)[number], z.ZodOptional<z.ZodNumber>>,
);

export const BLEND_MODES = [
  'normal',
  'multiply',
  'screen',
  'overlay',
  'darken',
  'lighten',
  'color-dodge',
  'color-burn',
  'hard-light',
  'soft-light',
  'difference',
  'exclusion',
  'hue',
  'saturation',
  'color',
  'luminosity',
] as const;

/**
 * A text's `symbol`: an automatic text symbol of SPEC §3, or — inside sticker frame templates — one of the
 * template text fields (line, line1, line2, position, number, nextnumber), which the renderer maps to the sticker.
 */
const textSymbolSchema = z.enum([...TEXT_SYMBOLS, ...STICKER_TEMPLATE_TEXT_FIELDS]);

/**
 * Every element prop of SPEC §3. One schema serves all element types: the SPEC does not say which prop belongs
 * to which type, and renderers ignore props they do not draw. Unknown keys are rejected.
 */
export const elementPropsSchema = z.strictObject({
  /** SPEC lists `id` among the props; the node's own id is authoritative. */
  id: idSchema.optional(),
  x: coordinate,
  y: coordinate,
  width: size,
  height: size,
  rotation: angle.optional(),
  scale: z.number().min(STICKER_SCALE_RANGE.min).max(STICKER_SCALE_RANGE.max).optional(),
  locked: z.boolean().optional(),
  alwaysOnTop: z.boolean().optional(),
  fill: fillSchema.optional(),
  fillOpacity: percent.optional(),
  stroke: fillSchema.optional(),
  strokeWidth: z.number().min(STROKE_WIDTH_RANGE.min).max(STROKE_WIDTH_RANGE.max).optional(),
  opacity: percent.optional(),
  borderRadius: z.number().min(BORDER_RADIUS_RANGE.min).max(BORDER_RADIUS_RANGE.max).optional(),
  colors: z.array(colorSchema).max(16).optional(),
  userId: z.string().max(128).optional(),
  flip: z.strictObject({ x: z.boolean().optional(), y: z.boolean().optional() }).optional(),
  text: richTextSchema.optional(),
  symbol: textSymbolSchema.optional(),
  image: idSchema.optional(),
  pexelsId: z.number().int().positive().optional(),
  cx: coordinate.optional(),
  cy: coordinate.optional(),
  cscale: z.number().min(STICKER_SCALE_RANGE.min).max(100).optional(),
  crotation: angle.optional(),
  filter: imageFilterSchema.optional(),
  blend: z.enum(BLEND_MODES).optional(),
  grayscale: z.boolean().optional(),
  gradientMap: z.array(colorSchema).min(2).max(8).optional(),
  gradientMapIntensity: percent.optional(),
  stickerId: idSchema.optional(),
  sectionId: idSchema.optional(),
});

const rootPropsSchema = z.strictObject({});

const sectionPropsSchema = z.strictObject({
  /** Emptiness is a rule (SECTION_NAME_REQUIRED) checked when creating or renaming, not a storage constraint. */
  name: z.string().max(SECTION_NAME_MAX),
  /** Static sections (covers) allow no spread actions (SPEC §4). */
  static: z.boolean(),
});

const spreadPropsSchema = z.strictObject({
  fill: fillSchema.optional(),
  /** Redundant with the parent section; kept optional for imported documents. */
  sectionId: idSchema.optional(),
});

export const ELEMENT_TYPES = [
  'Group',
  'Image',
  'Text',
  'Rectangle',
  'Circle',
  'Line',
  'Sticker',
  'StickerCell',
  'Comment',
] as const satisfies readonly NodeType[];
export type ElementType = (typeof ELEMENT_TYPES)[number];
export const NODE_TYPES = [
  'Root',
  'Section',
  'Spread',
  ...ELEMENT_TYPES,
] as const satisfies readonly NodeType[];

export function isElementType(type: string): type is ElementType {
  return (ELEMENT_TYPES as readonly string[]).includes(type);
}

/** The props schema of a node type. */
export function propsSchemaFor(type: NodeType): z.ZodType<Record<string, unknown>> {
  if (type === 'Root') return rootPropsSchema;
  if (type === 'Section') return sectionPropsSchema;
  if (type === 'Spread') return spreadPropsSchema;
  return elementPropsSchema;
}

/** The schema of one prop of a node type, or undefined when the type has no such prop. */
export function propSchemaFor(type: NodeType, key: string): z.ZodType | undefined {
  const shape = (propsSchemaFor(type) as unknown as { shape: Record<string, z.ZodType> }).shape;
  if (!Object.hasOwn(shape, key)) return undefined;
  const schema = shape[key];
  // A single prop may be added or replaced but never set to `undefined`: removal is its own patch op.
  return schema instanceof z.ZodOptional ? (schema.unwrap() as z.ZodType) : schema;
}

/** Whether a prop may be removed (optional in its type's schema). */
export function isOptionalProp(type: NodeType, key: string): boolean {
  const shape = (propsSchemaFor(type) as unknown as { shape: Record<string, z.ZodType> }).shape;
  return Object.hasOwn(shape, key) && shape[key] instanceof z.ZodOptional;
}

// Nodes -----------------------------------------------------------------------------------------------------------

/** Fractional index keys from `fractional-indexing` (base 62); bounded so a client cannot send megabytes. */
export const fractionalIndexSchema = z
  .string()
  .regex(/^[A-Za-z0-9]{1,256}$/, 'invalid fractional index')
  .refine(isValidOrderKey, 'invalid fractional index');

/** Whether `fractional-indexing` accepts the key (it throws on malformed heads such as '0' or 'a'). */
function isValidOrderKey(key: string): boolean {
  try {
    generateKeyBetween(key, null);
    return true;
  } catch {
    return false;
  }
}

const nodeBase = { id: idSchema, index: fractionalIndexSchema };
export const docNodeSchema = z.discriminatedUnion('type', [
  z.strictObject({ ...nodeBase, type: z.literal('Root'), parentId: z.null(), props: rootPropsSchema }),
  z.strictObject({ ...nodeBase, type: z.literal('Section'), parentId: idSchema, props: sectionPropsSchema }),
  z.strictObject({ ...nodeBase, type: z.literal('Spread'), parentId: idSchema, props: spreadPropsSchema }),
  z.strictObject({ ...nodeBase, type: z.enum(ELEMENT_TYPES), parentId: idSchema, props: elementPropsSchema }),
]);

// Stickers, settings, document -------------------------------------------------------------------------------

export const stickerSchema = z.strictObject({
  id: idSchema,
  name: z.string().max(STICKER_NAME_MAX),
  position: z.string().max(STICKER_POSITION_MAX),
  doubleSticker: z.boolean(),
  image: idSchema.nullable().optional(),
  sectionId: idSchema,
  cx: coordinate.optional(),
  cy: coordinate.optional(),
  cscale: z.number().min(STICKER_SCALE_RANGE.min).max(STICKER_SCALE_RANGE.max).optional(),
  crotation: angle.optional(),
  stickerLayout: z.string().max(64).optional(),
  cellLayout: z.string().max(64).optional(),
  createdAt: z.string().max(64).optional(),
  tags: z.array(z.string().max(64)).max(64).optional(),
  logo: z.boolean().optional(),
  stickerUpload: idSchema.nullable().optional(),
  src: z.string().max(2048).optional(),
  stickerPlacing: z.boolean().optional(),
  x: coordinate.optional(),
  y: coordinate.optional(),
});

export const STICKER_FIELDS = Object.keys(stickerSchema.shape) as Array<keyof typeof stickerSchema.shape>;

const fontNameSchema = z.string().regex(/^[A-Za-z0-9 _-]{1,64}$/, 'invalid font name');

export const albumSettingsSchema = z.strictObject({
  colors: z.array(colorStringSchema).max(32),
  fonts: z.strictObject({ title: fontNameSchema, sub_title: fontNameSchema, paragraph: fontNameSchema }),
  stickerTemplateId: z.number().int().nonnegative(),
  stickerTemplateSettings: z.strictObject({ id: z.number().int().nonnegative(), blank_enabled: z.boolean() }),
  customFonts: z.array(z.strictObject({ name: fontNameSchema })).max(50),
});

export const SETTINGS_KEYS = Object.keys(albumSettingsSchema.shape) as Array<keyof AlbumSettings>;

export const albumDocumentSchema = z.strictObject({
  schemaVersion: z.literal(1),
  rootId: idSchema,
  nodes: z.record(idSchema, docNodeSchema),
  stickers: z.record(idSchema, stickerSchema),
  settings: albumSettingsSchema,
});

export const stickerTemplateSchema = z.strictObject({
  id: z.number().int().nonnegative(),
  name: z.string().max(128),
  theme: z.enum(['default', 'accented', 'themed', 'triangle', 'gold', 'tilted', 'empty', 'spread']),
  variant: z.string().max(64),
  double: z.boolean(),
  rootId: idSchema,
  nodes: z.record(
    idSchema,
    z.strictObject({
      ...nodeBase,
      type: z.enum(['Rectangle', 'Text', 'Group']),
      parentId: idSchema.nullable(),
      props: elementPropsSchema,
    }),
  ),
});

// Keep the schemas and the hand-written types in step: each parsed value must be assignable to its type.
type Assignable<A, _B extends A> = true;
type _SchemaMatchesTypes = [
  Assignable<Fill, z.infer<typeof fillSchema>>,
  Assignable<RichText, z.infer<typeof richTextSchema>>,
  Assignable<DocNode, z.infer<typeof docNodeSchema>>,
  Assignable<Sticker, z.infer<typeof stickerSchema>>,
  Assignable<AlbumSettings, z.infer<typeof albumSettingsSchema>>,
  Assignable<AlbumDocument, z.infer<typeof albumDocumentSchema>>,
  Assignable<StickerTemplate, z.infer<typeof stickerTemplateSchema>>,
];
