import { useContext } from 'react';
import { useDocValue } from '../RenderContext.tsx';
import { symbolText, type StickerScope } from './symbols.ts';
import { StickerScopeContext } from './StickerScopeContext.ts';

/** A sticker frame template's fields that read the scope's sticker record only (not the numbers or the tree). */
const STICKER_RECORD_FIELDS: ReadonlySet<string> = new Set(['line', 'line1', 'line2', 'position']);

/**
 * Which changes can alter a symbol's value: none without a symbol, the sticker records for a frame template's
 * name and position (its sticker comes from the scope, which re-renders the view when it changes), every change
 * otherwise. A text without a symbol, or a template's name, is then not asked on every change: in an undo's frame
 * that was each text of the spreads in view, ~90 of them at 60 spreads.
 */
function askedOn(symbol: string | undefined, scope: StickerScope | undefined) {
  if (!symbol) return 'never';
  return scope?.stickerId !== undefined && STICKER_RECORD_FIELDS.has(symbol) ? 'stickers' : 'document';
}

/** The resolved value of a text's automatic symbol, re-rendering only when that value changes. */
export function useSymbolText(symbol: string | undefined, nodeId: string): string | undefined {
  const scope = useContext(StickerScopeContext);
  return useDocValue(
    (store) => (symbol ? symbolText(symbol, store, nodeId, scope) : undefined),
    undefined,
    askedOn(symbol, scope),
  );
}
