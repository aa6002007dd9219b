import { describe, expect, it } from 'vitest';
import {
  applyPatches,
  applyUntrustedPatches,
  changedNodeKeys,
  invertPatches,
  parsePath,
  validatePatch,
  validatePatches,
} from './patches.ts';
import { smallAlbum, withNode } from './testing/test-support.ts';

const rect = (id: string, parentId = 'p1', index = 'a0') => ({
  id,
  type: 'Rectangle',
  parentId,
  index,
  props: { x: 1, y: 2, width: 10, height: 10 },
});

describe('applyPatches', () => {
  it('adds, replaces and removes a prop without touching the input document', () => {
    const doc = withNode(smallAlbum(), 'r', 'Rectangle', 'p1', 'a0');
    const before = JSON.stringify(doc);
    const next = applyPatches(doc, [
      { op: 'add', path: '/nodes/r/props/fill', value: '#ff0000' },
      { op: 'replace', path: '/nodes/r/props/x', value: 50 },
      { op: 'remove', path: '/nodes/r/props/y' },
    ]);
    expect(next.nodes.r.props).toEqual({ x: 50, width: 10, height: 10, fill: '#ff0000' });
    expect(JSON.stringify(doc)).toBe(before);
  });

  it('shares every untouched node, sticker map and settings object with the input', () => {
    const doc = withNode(smallAlbum(), 'r', 'Rectangle', 'p1', 'a0');
    const next = applyPatches(doc, [{ op: 'replace', path: '/nodes/r/props/x', value: 5 }]);
    expect(next.nodes.p1).toBe(doc.nodes.p1);
    expect(next.nodes.r).not.toBe(doc.nodes.r);
    expect(next.stickers).toBe(doc.stickers);
    expect(next.settings).toBe(doc.settings);
  });

  it('returns the same document for an empty patch list', () => {
    const doc = smallAlbum();
    expect(applyPatches(doc, [])).toBe(doc);
  });

  it('re-parents and re-orders through parentId and index', () => {
    const doc = withNode(smallAlbum(), 'r', 'Rectangle', 'p1', 'a0');
    const next = applyPatches(doc, [
      { op: 'replace', path: '/nodes/r/parentId', value: 'coverSpread' },
      { op: 'replace', path: '/nodes/r/index', value: 'a5' },
    ]);
    expect(next.nodes.r).toMatchObject({ parentId: 'coverSpread', index: 'a5' });
  });

  it('edits stickers and settings', () => {
    const doc = applyPatches(smallAlbum(), [
      {
        op: 'add',
        path: '/stickers/st',
        value: { id: 'st', name: 'Ann', position: '', doubleSticker: false, sectionId: 's1' },
      },
      { op: 'replace', path: '/stickers/st/name', value: 'Anna' },
      { op: 'replace', path: '/settings/colors', value: ['#000000'] },
    ]);
    expect(doc.stickers.st.name).toBe('Anna');
    expect(doc.settings.colors).toEqual(['#000000']);
  });

  it('refuses to replace or remove what does not exist', () => {
    const doc = smallAlbum();
    expect(() => applyPatches(doc, [{ op: 'replace', path: '/nodes/nope/props/x', value: 1 }])).toThrow(
      /PATH_NOT_FOUND|does not exist/,
    );
    expect(() => applyPatches(doc, [{ op: 'remove', path: '/nodes/nope' }])).toThrow();
    expect(() => applyPatches(doc, [{ op: 'remove', path: '/nodes/p1/props/fill' }])).toThrow();
  });

  it('refuses a prototype-polluting path even from trusted code', () => {
    expect(() =>
      applyPatches(smallAlbum(), [{ op: 'add', path: '/nodes/__proto__/polluted', value: 1 }]),
    ).toThrow();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('does not confuse a missing id with an Object.prototype member', () => {
    expect(() =>
      applyPatches(smallAlbum(), [{ op: 'replace', path: '/nodes/toString/index', value: 'a1' }]),
    ).toThrow();
  });
});

describe('changedNodeKeys', () => {
  it('names the nodes one patch list touched, and the nodes that differ across two lists or for another map', () => {
    const doc = withNode(withNode(smallAlbum(), 'r', 'Rectangle', 'p1', 'a0'), 's', 'Rectangle', 'p1', 'a1');
    const moved = applyPatches(doc, [
      { op: 'replace', path: '/nodes/r/props/x', value: 5 },
      { op: 'replace', path: '/nodes/s/parentId', value: 'coverSpread' },
      { op: 'add', path: '/nodes/t', value: rect('t') },
      {
        op: 'add',
        path: '/stickers/s9',
        value: { id: 's9', name: 'Nine', position: '', doubleSticker: false, sectionId: null },
      },
    ]);
    expect([...changedNodeKeys(doc.nodes, moved.nodes)].sort()).toEqual(['r', 's', 't']);
    expect(changedNodeKeys(doc.nodes, doc.nodes).size).toBe(0);
    const removed = applyPatches(moved, [{ op: 'remove', path: '/nodes/t' }]);
    expect([...changedNodeKeys(moved.nodes, removed.nodes)]).toEqual(['t']);
    // Two lists apart, or a map made another way: the nodes that differ, found by comparing every node (t was
    // added by one list and removed by the next, so it is in neither map).
    expect([...changedNodeKeys(doc.nodes, removed.nodes)].sort()).toEqual(['r', 's']);
    expect([...changedNodeKeys(doc.nodes, { ...moved.nodes })].sort()).toEqual(['r', 's', 't']);
    expect([...changedNodeKeys({ ...moved.nodes }, doc.nodes)].sort()).toEqual(['r', 's', 't']);
    expect(changedNodeKeys(moved.nodes, { ...moved.nodes }).size).toBe(0);
    // A list that touches no node (a sticker, a setting) keeps the nodes map.
    const stickerOnly = applyPatches(moved, [{ op: 'replace', path: '/stickers/s9/name', value: 'Neun' }]);
    expect(stickerOnly.nodes).toBe(moved.nodes);
    expect(changedNodeKeys(moved.nodes, stickerOnly.nodes).size).toBe(0);
  });
});

describe('invertPatches', () => {
  it('restores the exact document after a mixed list of patches', () => {
    const doc = withNode(smallAlbum(), 'r', 'Rectangle', 'p1', 'a0');
    const patches = [
      { op: 'add' as const, path: '/nodes/q', value: rect('q', 'p1', 'a1') },
      { op: 'replace' as const, path: '/nodes/q/props/x', value: 9 },
      { op: 'add' as const, path: '/nodes/r/props/opacity', value: 50 },
      { op: 'replace' as const, path: '/nodes/r/index', value: 'a2' },
      { op: 'remove' as const, path: '/nodes/r/props/y' },
      { op: 'replace' as const, path: '/settings/stickerTemplateId', value: 600 },
      { op: 'remove' as const, path: '/nodes/r' },
    ];
    const next = applyPatches(doc, patches);
    expect(applyPatches(next, invertPatches(doc, patches))).toStrictEqual(doc);
  });

  it('turns an add over an existing value into a replace with the old value', () => {
    const doc = withNode(smallAlbum(), 'r', 'Rectangle', 'p1', 'a0');
    expect(invertPatches(doc, [{ op: 'add', path: '/nodes/r/props/x', value: 3 }])).toEqual([
      { op: 'replace', path: '/nodes/r/props/x', value: 0 },
    ]);
  });

  it('turns an add of a new value into a remove', () => {
    const doc = withNode(smallAlbum(), 'r', 'Rectangle', 'p1', 'a0');
    expect(invertPatches(doc, [{ op: 'add', path: '/nodes/r/props/fill', value: 1 }])).toEqual([
      { op: 'remove', path: '/nodes/r/props/fill' },
    ]);
  });
});

describe('parsePath', () => {
  it('understands every documented path', () => {
    expect(parsePath('/nodes/a')).toEqual({ kind: 'node', id: 'a' });
    expect(parsePath('/nodes/a/props/fill')).toEqual({ kind: 'prop', id: 'a', key: 'fill' });
    expect(parsePath('/nodes/a/parentId')).toEqual({ kind: 'parentId', id: 'a' });
    expect(parsePath('/nodes/a/index')).toEqual({ kind: 'index', id: 'a' });
    expect(parsePath('/stickers/s')).toEqual({ kind: 'sticker', id: 's' });
    expect(parsePath('/stickers/s/name')).toEqual({ kind: 'stickerField', id: 's', field: 'name' });
    expect(parsePath('/settings/fonts')).toEqual({ kind: 'setting', key: 'fonts' });
  });

  it.each([
    '',
    'nodes/a',
    '/',
    '/albums/a',
    '/nodes',
    '/nodes/__proto__',
    '/nodes/constructor/props/x',
    '/nodes/a/props/__proto__',
    '/nodes/a/props/constructor',
    '/nodes/a/props/prototype',
    '/nodes/a/props',
    '/nodes/a/props/x/y',
    '/nodes/a/type',
    '/nodes/a/id',
    '/nodes/a b',
    '/nodes/a%2F',
    '/nodes/../settings',
    '/stickers/s/id',
    '/stickers/s/unknownField',
    '/stickers/__proto__/name',
    '/settings/__proto__',
    '/settings/unknown',
    '/settings/colors/0',
    `/nodes/${'a'.repeat(65)}`,
  ])('rejects %j', (path) => {
    expect(parsePath(path)).toBeUndefined();
  });
});

describe('validatePatch', () => {
  const doc = withNode(smallAlbum(), 'r', 'Rectangle', 'p1', 'a0');

  it('accepts well-formed patches', () => {
    expect(validatePatch({ op: 'replace', path: '/nodes/r/props/opacity', value: 40 }, doc)).toBeNull();
    expect(validatePatch({ op: 'add', path: '/nodes/q', value: rect('q') }, doc)).toBeNull();
    expect(validatePatch({ op: 'remove', path: '/nodes/r/props/fill' }, doc)).toBeNull();
    expect(validatePatch({ op: 'replace', path: '/nodes/r/index', value: 'a1' }, doc)).toBeNull();
  });

  it.each([
    ['not an object', 'x'],
    ['null', null],
    ['an array', []],
    ['an unknown op', { op: 'move', path: '/nodes/r/props/x', value: 1 }],
    ['an extra key', { op: 'replace', path: '/nodes/r/props/x', value: 1, from: '/x' }],
    ['a missing value', { op: 'replace', path: '/nodes/r/props/x' }],
    ['a value on remove', { op: 'remove', path: '/nodes/r/props/fill', value: 1 }],
    ['a non-string path', { op: 'replace', path: 42, value: 1 }],
    ['a __proto__ prop', { op: 'add', path: '/nodes/r/props/__proto__', value: { polluted: true } }],
    ['a constructor node', { op: 'add', path: '/nodes/constructor', value: rect('constructor') }],
    ['an unknown root', { op: 'add', path: '/users/1', value: {} }],
    ['an unknown prop', { op: 'add', path: '/nodes/r/props/onclick', value: 'alert(1)' }],
    ['a string where a number belongs', { op: 'replace', path: '/nodes/r/props/x', value: '10' }],
    ['opacity above 100', { op: 'replace', path: '/nodes/r/props/opacity', value: 101 }],
    ['stroke width above 100', { op: 'add', path: '/nodes/r/props/strokeWidth', value: 101 }],
    ['border radius above 50', { op: 'add', path: '/nodes/r/props/borderRadius', value: 51 }],
    [
      'a gradient with one colour',
      { op: 'add', path: '/nodes/r/props/fill', value: { type: 'linear', colors: ['#fff'], direction: 0 } },
    ],
    [
      'a gradient with five colours',
      {
        op: 'add',
        path: '/nodes/r/props/fill',
        value: { type: 'linear', colors: [1, 2, 3, 4, 5], direction: 0 },
      },
    ],
    [
      'a CSS injection colour',
      { op: 'add', path: '/nodes/r/props/fill', value: 'red;background:url(//evil)' },
    ],
    ['a url() colour', { op: 'add', path: '/nodes/r/props/fill', value: 'url(#x)' }],
    ['an unknown filter key', { op: 'add', path: '/nodes/r/props/filter', value: { blur: 3 } }],
    ['a sticker scale of 10', { op: 'add', path: '/nodes/r/props/scale', value: 10 }],
    ['Infinity', { op: 'replace', path: '/nodes/r/props/x', value: Infinity }],
    ['removing a required prop', { op: 'remove', path: '/nodes/r/props/x' }],
    ['a node whose id differs from its path', { op: 'add', path: '/nodes/q', value: rect('other') }],
    [
      'a node with unknown props',
      {
        op: 'add',
        path: '/nodes/q',
        value: { ...rect('q'), props: { x: 0, y: 0, width: 1, height: 1, evil: 1 } },
      },
    ],
    ['a node with an extra field', { op: 'add', path: '/nodes/q', value: { ...rect('q'), extra: 1 } }],
    [
      'a second root',
      {
        op: 'add',
        path: '/nodes/q',
        value: { id: 'q', type: 'Root', parentId: null, index: 'a0', props: {} },
      },
    ],
    ['an unknown node type', { op: 'add', path: '/nodes/q', value: { ...rect('q'), type: 'Script' } }],
    ['a malformed order key', { op: 'replace', path: '/nodes/r/index', value: '0' }],
    ['removing parentId', { op: 'remove', path: '/nodes/r/parentId' }],
    ['a null parent', { op: 'replace', path: '/nodes/r/parentId', value: null }],
    ['a prop of a missing node', { op: 'add', path: '/nodes/ghost/props/x', value: 1 }],
    ['a section prop on an element', { op: 'add', path: '/nodes/r/props/static', value: true }],
    ['removing a setting', { op: 'remove', path: '/settings/colors' }],
    [
      'a font name with markup',
      {
        op: 'replace',
        path: '/settings/fonts',
        value: { title: '<script>', sub_title: 'a', paragraph: 'b' },
      },
    ],
    ['a sticker name over 30 characters', { op: 'replace', path: '/stickers/s/name', value: 'x'.repeat(31) }],
    ['removing a required sticker field', { op: 'remove', path: '/stickers/s/name' }],
  ])('rejects %s', (_label, patch) => {
    expect(validatePatch(patch, doc)).not.toBeNull();
  });

  it('accepts a JSON payload only if it carries no own __proto__ key in props', () => {
    const payload = JSON.parse(
      '{"op":"add","path":"/nodes/q","value":{"id":"q","type":"Rectangle","parentId":"p1","index":"a1","props":{"x":0,"y":0,"width":1,"height":1,"__proto__":{"polluted":true}}}}',
    );
    expect(validatePatch(payload, doc)).not.toBeNull();
  });

  it('lets a later patch edit a node added earlier in the same list', () => {
    expect(
      validatePatches(
        [
          { op: 'add', path: '/nodes/q', value: rect('q') },
          { op: 'replace', path: '/nodes/q/props/x', value: 3 },
        ],
        doc,
      ),
    ).toBeNull();
    expect(
      validatePatches(
        [
          { op: 'remove', path: '/nodes/r' },
          { op: 'replace', path: '/nodes/r/props/x', value: 3 },
        ],
        doc,
      ),
    ).not.toBeNull();
  });
});

describe('applyUntrustedPatches', () => {
  it('accepts a valid mutation', () => {
    const result = applyUntrustedPatches(smallAlbum(), [{ op: 'add', path: '/nodes/q', value: rect('q') }]);
    expect(result.ok).toBe(true);
  });

  it('rejects a mutation that breaks the tree: an element straight under a section', () => {
    const result = applyUntrustedPatches(smallAlbum(), [
      { op: 'add', path: '/nodes/q', value: rect('q', 's1') },
    ]);
    expect(result).toMatchObject({ ok: false, violations: [{ code: 'WRONG_PARENT', id: 'q' }] });
  });

  it('rejects a cycle', () => {
    const doc = withNode(withNode(smallAlbum(), 'g', 'Group', 'p1', 'a0'), 'c', 'Rectangle', 'g', 'a0');
    const result = applyUntrustedPatches(doc, [{ op: 'replace', path: '/nodes/g/parentId', value: 'c' }]);
    expect(result.ok).toBe(false);
  });

  it('rejects a removal that orphans children', () => {
    const result = applyUntrustedPatches(smallAlbum(), [{ op: 'remove', path: '/nodes/s1' }]);
    expect(result).toMatchObject({ ok: false, violations: [{ code: 'PARENT_MISSING' }] });
  });

  it('rejects garbage without throwing', () => {
    expect(applyUntrustedPatches(smallAlbum(), 'DROP TABLE').ok).toBe(false);
    expect(
      applyUntrustedPatches(smallAlbum(), [{ op: 'replace', path: '/nodes/ghost/index', value: 'a1' }]).ok,
    ).toBe(false);
  });
});
