import { act, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import type { AlbumDocument, DocNode, NodeType } from '@stickerbook/model';
import { vi } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** jsdom has no matchMedia; Mantine asks it for the colour scheme and reduced motion. Undo with vi.unstubAllGlobals(). */
export function stubMatchMedia(): void {
  vi.stubGlobal('matchMedia', () => ({
    matches: false,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

/** Renders into a jsdom container; `rerender` and `unmount` go through act() so effects run. */
export function renderDom(element: ReactElement) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() => root.render(element));
  return {
    container,
    rerender: (next: ReactElement) => act(() => root.render(next)),
    unmount: () => act(() => root.unmount()),
  };
}

/** A one-spread document holding the given elements (ids e1, e2, ... unless given). */
export function docWith(
  elements: Array<{ type: NodeType; props: Record<string, unknown>; id?: string; parentId?: string }>,
): AlbumDocument {
  const nodes: Record<string, DocNode> = {
    root: { id: 'root', type: 'Root', parentId: null, index: 'a0', props: {} },
    sec: { id: 'sec', type: 'Section', parentId: 'root', index: 'a0', props: { name: 'Team' } },
    spread: { id: 'spread', type: 'Spread', parentId: 'sec', index: 'a0', props: { fill: 1 } },
  };
  elements.forEach((e, i) => {
    const id = e.id ?? `e${i + 1}`;
    nodes[id] = { id, type: e.type, parentId: e.parentId ?? 'spread', index: `a${i}`, props: e.props };
  });
  return {
    schemaVersion: 1,
    rootId: 'root',
    nodes,
    stickers: {},
    settings: {
      colors: ['#111111', '#ffffff', '#c8102e', '#0b2545', '#f2c14e'],
      fonts: { title: 'Playfair Display', sub_title: 'Montserrat', paragraph: 'Lato' },
      stickerTemplateId: 595,
      stickerTemplateSettings: { id: 595, blank_enabled: false },
      customFonts: [],
    },
  };
}

/** The same document with one node's props changed (a new node object, as a patch would make). */
export function withProps(doc: AlbumDocument, id: string, props: Record<string, unknown>): AlbumDocument {
  const node = doc.nodes[id];
  return { ...doc, nodes: { ...doc.nodes, [id]: { ...node, props: { ...node.props, ...props } } } };
}
