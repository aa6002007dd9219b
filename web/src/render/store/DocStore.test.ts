import { describe, expect, it } from 'vitest';
import type { AlbumDocument, DocNode } from '@stickerbook/model';
import { docWith, withProps } from '../test-support.tsx';
import { DocStore } from './DocStore.ts';

const META = { title: '', releaseDate: null, language: 'en' as const };

const base = docWith([
  { type: 'Rectangle', props: { x: 0, y: 0, width: 10, height: 10 }, id: 'a' },
  { type: 'Group', props: { x: 20, y: 0, width: 30, height: 10 }, id: 'g' },
  { type: 'Circle', props: { x: 0, y: 0, width: 10, height: 10 }, id: 'b', parentId: 'g' },
]);

function withNode(doc: AlbumDocument, id: string, change: Partial<DocNode>): AlbumDocument {
  return { ...doc, nodes: { ...doc.nodes, [id]: { ...doc.nodes[id], ...change } } };
}

/** A store over `base` whose node, children and derived-value views count what they are told. */
function watched() {
  const store = new DocStore(base, META);
  const told: string[] = [];
  for (const id of ['a', 'b', 'g']) store.subscribeNode(id, () => told.push(`node ${id}`));
  for (const id of ['spread', 'g']) store.subscribeChildren(id, () => told.push(`children ${id}`));
  store.subscribe(() => told.push('derived'));
  const change = (doc: AlbumDocument) => {
    told.length = 0;
    store.update(doc, META);
    store.notify();
    return [...told].sort();
  };
  return { store, change };
}

describe('DocStore notifications', () => {
  it('tells only the moved element’s view, and the derived values', () => {
    expect(watched().change(withProps(base, 'a', { x: 5 }))).toEqual(['derived', 'node a']);
  });

  it('tells nothing but the derived values when the nodes did not change', () => {
    expect(watched().change({ ...base, stickers: {} })).toEqual(['derived']);
  });

  it('tells both parents when an element moves into a group, and the element', () => {
    const { store, change } = watched();
    expect(change(withNode(base, 'a', { parentId: 'g', index: 'a5' }))).toEqual([
      'children g',
      'children spread',
      'derived',
      'node a',
    ]);
    expect(store.childKey('g')).toBe('b,a');
    expect(store.childKey('spread')).toBe('g');
  });

  it('tells the parent when its children are re-ordered, brought to the top, added or removed', () => {
    // Each change from `base`, in a store of its own.
    const change = (doc: AlbumDocument) => watched().change(doc);
    expect(change(withNode(base, 'a', { index: 'a9' }))).toEqual(['children spread', 'derived', 'node a']);
    expect(change(withProps(base, 'b', { alwaysOnTop: true }))).toEqual(['children g', 'derived', 'node b']);
    const added: AlbumDocument = {
      ...base,
      nodes: { ...base.nodes, c: { id: 'c', type: 'Rectangle', parentId: 'g', index: 'a7', props: {} } },
    };
    expect(change(added)).toEqual(['children g', 'derived']);
    const { b: _removed, ...rest } = base.nodes;
    expect(change({ ...base, nodes: rest })).toEqual(['children g', 'derived', 'node b']);
  });
});
