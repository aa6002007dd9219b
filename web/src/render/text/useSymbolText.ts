import { useContext } from 'react';
import { useDocValue } from '../RenderContext.tsx';
import { symbolText } from './symbols.ts';
import { StickerScopeContext } from './StickerScopeContext.ts';

/** The resolved value of a text's automatic symbol, re-rendering only when that value changes. */
export function useSymbolText(symbol: string | undefined, nodeId: string): string | undefined {
  const scope = useContext(StickerScopeContext);
  return useDocValue((store) => (symbol ? symbolText(symbol, store, nodeId, scope) : undefined), undefined);
}
