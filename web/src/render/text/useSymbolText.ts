import { useContext } from 'react';
import { useDocValue } from '../RenderContext.tsx';
import { symbolChanges, symbolText } from './symbols.ts';
import { StickerScopeContext } from './StickerScopeContext.ts';

/**
 * The resolved value of a text's automatic symbol, re-rendering only when that value changes. Only the changes
 * that can alter it are asked (`symbolChanges`): in an undo's frame, asking every text of the spreads in view was
 * ~90 texts at 60 spreads.
 */
export function useSymbolText(symbol: string | undefined, nodeId: string): string | undefined {
  const scope = useContext(StickerScopeContext);
  return useDocValue(
    (store) => (symbol ? symbolText(symbol, store, nodeId, scope) : undefined),
    undefined,
    symbolChanges(symbol, scope),
  );
}
