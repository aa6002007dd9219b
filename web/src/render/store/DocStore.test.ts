import { describe, expect, it } from 'vitest';
import { applyPatches, type AlbumDocument, type DocNode, type Patch } from '@stickerbook/model';
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

describe('DocStore notifications from patch lists', () => {
  // The model names the keys a patch list touched (`changedNodeKeys`), so the store compares only those.
  const patched = (doc: AlbumDocument, ...patches: Patch[]) => applyPatches(doc, patches);

  it('tells the same views as when it compares every node', () => {
    const change = (...patches: Patch[]) => watched().change(patched(base, ...patches));
    expect(change({ op: 'replace', path: '/nodes/a/props/x', value: 5 })).toEqual(['derived', 'node a']);
    expect(
      change(
        { op: 'replace', path: '/nodes/a/parentId', value: 'g' },
        { op: 'replace', path: '/nodes/a/index', value: 'a5' },
      ),
    ).toEqual(['children g', 'children spread', 'derived', 'node a']);
    expect(change({ op: 'add', path: '/nodes/b/props/alwaysOnTop', value: true })).toEqual([
      'children g',
      'derived',
      'node b',
    ]);
    const c: DocNode = { id: 'c', type: 'Rectangle', parentId: 'g', index: 'a7', props: {} };
    expect(change({ op: 'add', path: '/nodes/c', value: c })).toEqual(['children g', 'derived']);
    expect(change({ op: 'remove', path: '/nodes/b' })).toEqual(['children g', 'derived', 'node b']);
  });

  it('compares every node when the store was not told of the document in between', () => {
    const { store, change } = watched();
    const moved = patched(base, { op: 'replace', path: '/nodes/a/props/x', value: 5 });
    const then = patched(moved, { op: 'replace', path: '/nodes/b/props/x', value: 5 });
    // `moved` was never drawn: both changes since `base` are told.
    expect(change(then)).toEqual(['derived', 'node a', 'node b']);
    expect(store.node('b')?.props.x).toBe(5);
  });
});

describe('DocStore sticker and number views', () => {
  const cells: AlbumDocument = {
    ...docWith([
      { type: 'StickerCell', props: { x: 10, y: 10, width: 50, height: 70, stickerId: 's1' }, id: 'c1' },
      { type: 'StickerCell', props: { x: 80, y: 10, width: 50, height: 70, stickerId: 's2' }, id: 'c2' },
      { type: 'Rectangle', props: { x: 0, y: 200, width: 10, height: 10 }, id: 'r' },
    ]),
    stickers: {
      s1: { id: 's1', name: 'One', position: '', doubleSticker: false, sectionId: 'sec' },
      s2: { id: 's2', name: 'Two', position: '', doubleSticker: false, sectionId: 'sec' },
    },
  };

  function watchedCells() {
    const store = new DocStore(cells, META);
    const told: string[] = [];
    store.subscribeStickers(() => told.push('stickers'));
    store.subscribeNumbers(() => told.push('numbers'));
    store.notify();
    const change = (doc: AlbumDocument) => {
      told.length = 0;
      store.update(doc, META);
      store.notify();
      return [...told];
    };
    return { store, change };
  }

  it('asks the number views only when a number changes, and the sticker views only when a sticker does', () => {
    const { store, change } = watchedCells();
    expect(store.index.cellNumbers.get('c1')).toBe(1);
    // A shape moved, a cell moved without passing the other: no number changes.
    expect(change(withProps(cells, 'r', { x: 40 }))).toEqual([]);
    expect(change(withProps(cells, 'c1', { y: 5 }))).toEqual([]);
    // The first cell moved below the second: they swap numbers.
    const swapped = withProps(cells, 'c1', { y: 120 });
    expect(change(swapped)).toEqual(['numbers']);
    expect(store.index.cellNumbers.get('c1')).toBe(2);
    // A sticker renamed: the sticker views, not the numbers.
    const renamed = {
      ...swapped,
      stickers: { ...cells.stickers, s1: { ...cells.stickers.s1, name: 'Uno' } },
    };
    expect(change(renamed)).toEqual(['stickers']);
  });
});
