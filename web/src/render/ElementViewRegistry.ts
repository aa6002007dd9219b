import { createContext, useContext, type ComponentType } from 'react';
import type { NodeType } from '@stickerbook/model';
import type { ElProps } from './ElementFrame.tsx';

export type ElementViews = Partial<Record<NodeType, ComponentType<ElProps>>>;

/**
 * The element view for each node type, looked up while rendering. A Group and a sticker's frame template draw
 * their children through `NodeView`, so if `NodeView` imported the element views itself they would import each
 * other in a circle; instead `RenderRoot` provides the views (`elementViews.ts`) and `NodeView` only reads them.
 * Outside a `RenderRoot` there are no views and nothing is drawn, as there is no document store either.
 */
const ElementViewsContext = createContext<ElementViews>({});

export const ElementViewsProvider = ElementViewsContext.Provider;

export function useElementViews(): ElementViews {
  return useContext(ElementViewsContext);
}
