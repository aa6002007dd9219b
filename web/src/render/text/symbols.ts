import { resolveSymbol, TEXT_SYMBOLS, type TextSymbol } from '@stickerbook/model';
import type { DocStore } from '../store/DocStore.ts';

/** The cell a sticker frame template is drawn for. */
export interface StickerScope {
  cellId: string;
  stickerId?: string;
}

// Sticker frame templates name their fields line, position, number, nextnumber (SPEC §3 "Sticker template
// text fields"); line1/line2 split the name into first and last name.
const TEMPLATE_FIELDS: Record<string, TextSymbol> = {
  line: 'sticker-name',
  position: 'sticker-position',
  number: 'sticker-number',
  nextnumber: 'sticker-nextnumber',
};

/**
 * The text an automatic symbol shows, through packages/model's resolver; undefined for unknown symbols
 * (the placeholder text shows instead).
 */
export function symbolText(
  symbol: string,
  store: DocStore,
  nodeId: string,
  scope?: StickerScope,
): string | undefined {
  const context = {
    doc: store.doc,
    meta: store.meta,
    nodeId: scope?.cellId ?? nodeId,
    stickerId: scope?.stickerId,
  };
  if (symbol === 'line1' || symbol === 'line2') {
    if (!scope?.stickerId) return undefined;
    const [first = '', ...rest] = resolveSymbol('sticker-name', context).split(/\s+/);
    return symbol === 'line1' ? first : rest.join(' ');
  }
  const known =
    TEMPLATE_FIELDS[symbol] ??
    ((TEXT_SYMBOLS as readonly string[]).includes(symbol) ? (symbol as TextSymbol) : undefined);
  if (!known) return undefined;
  return resolveSymbol(known, context);
}

/** Symbols that, for a scope's sticker, read that sticker's record only (not the numbers or the tree). */
const STICKER_RECORD_SYMBOLS: ReadonlySet<string> = new Set([
  'sticker-name',
  'sticker-position',
  'line1',
  'line2',
]);

/**
 * Which document changes can alter a symbol's value: none without a symbol, the sticker records for a scope
 * sticker's name and position (the sticker itself comes from the scope, which re-renders the view when it
 * changes), every change otherwise.
 */
export function symbolChanges(
  symbol: string | undefined,
  scope: StickerScope | undefined,
): 'never' | 'stickers' | 'document' {
  if (!symbol) return 'never';
  const known = TEMPLATE_FIELDS[symbol] ?? symbol;
  return scope?.stickerId !== undefined && STICKER_RECORD_SYMBOLS.has(known) ? 'stickers' : 'document';
}
