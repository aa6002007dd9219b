import { describe, expect, it } from 'vitest';
import { ids, run, smallAlbum, withNode } from '../testing/test-support.ts';
import {
  CLIPBOARD_FORMAT,
  copyElements,
  cutElements,
  parseClipboard,
  pasteElements,
  readClipboard,
} from './clipboard.ts';

function album() {
  let doc = withNode(smallAlbum(), 'g', 'Group', 'p1', 'a0', { x: 100, y: 100, width: 20, height: 20 });
  doc = withNode(doc, 'k', 'Rectangle', 'g', 'a0', { x: 5, y: 5, width: 10, height: 10, fill: 2 });
  doc = withNode(doc, 'cell', 'StickerCell', 'p1', 'a1', {
    x: 0,
    y: 0,
    width: 50,
    height: 70,
    stickerId: 'st',
  });
  return {
    ...doc,
    stickers: { st: { id: 'st', name: 'A', position: '', doubleSticker: false, sectionId: 's1' } },
  };
}

describe('copy and paste', () => {
  it('copies a group with its children as an id-free tree', () => {
    const clipboard = copyElements(album(), ['g']);
    expect(clipboard.format).toBe(CLIPBOARD_FORMAT);
    expect(clipboard.elements[0]).toMatchObject({ type: 'Group', children: [{ type: 'Rectangle' }] });
    expect(JSON.stringify(clipboard)).not.toContain('"id"');
  });

  it('lifts an element copied out of a group to spread coordinates', () => {
    expect(copyElements(album(), ['k']).elements[0].props).toMatchObject({ x: 105, y: 105 });
  });

  it('pastes on top of a spread with fresh ids and an optional offset', () => {
    const doc = album();
    const change = pasteElements(doc, copyElements(doc, ['g']), 'coverSpread', { offset: 10 }, ids('new'));
    const next = run(doc, change);
    expect(change.selection).toEqual(['new1']);
    expect(next.nodes.new1.props).toMatchObject({ x: 110, y: 110 });
  });

  it('accepts the clipboard as a JSON string from the system clipboard', () => {
    const doc = album();
    const text = JSON.stringify(copyElements(doc, ['g']));
    expect(pasteElements(doc, text, 'p1', {}, ids('new')).patches.length).toBe(2);
  });

  it('does not place a sticker twice when a placed cell is copied', () => {
    const doc = album();
    const next = run(doc, pasteElements(doc, copyElements(doc, ['cell']), 'p1', {}, ids('new')));
    expect(next.nodes.new1.props.stickerId).toBeUndefined();
  });

  it('moves the sticker along when a cell is cut and pasted', () => {
    const doc = album();
    const { clipboard, change } = cutElements(doc, ['cell']);
    const cut = run(doc, change);
    const next = run(cut, pasteElements(cut, clipboard, 'p1', {}, ids('new')));
    expect(next.nodes.new1.props.stickerId).toBe('st');
  });

  it.each([
    ['a wrong format marker', { format: 'other/elements@1', elements: [] }],
    ['a foreign object', { hello: 'world' }],
    ['plain text', 'just some text'],
    ['invalid props', { format: CLIPBOARD_FORMAT, elements: [{ type: 'Rectangle', props: { x: 'no' } }] }],
    [
      'an unknown type',
      {
        format: CLIPBOARD_FORMAT,
        elements: [{ type: 'Section', props: { x: 0, y: 0, width: 1, height: 1 } }],
      },
    ],
    [
      'an empty group',
      { format: CLIPBOARD_FORMAT, elements: [{ type: 'Group', props: { x: 0, y: 0, width: 1, height: 1 } }] },
    ],
    ['null', null],
  ])('ignores %s', (_label, data) => {
    expect(pasteElements(album(), data, 'p1').patches).toEqual([]);
  });

  it('ignores absurdly deep nesting without throwing', () => {
    let element: Record<string, unknown> = { type: 'Rectangle', props: { x: 0, y: 0, width: 1, height: 1 } };
    for (let i = 0; i < 5000; i++)
      element = { type: 'Group', props: { x: 0, y: 0, width: 1, height: 1 }, children: [element] };
    expect(parseClipboard({ format: CLIPBOARD_FORMAT, elements: [element] })).toBeUndefined();
  });
});

describe('reading clipboard content', () => {
  it('tells foreign text, valid content and invalid content in our format apart', () => {
    expect(readClipboard('hello')).toEqual({});
    expect(readClipboard({ format: 'other/v1', elements: [] })).toEqual({});
    expect(readClipboard({ format: CLIPBOARD_FORMAT, elements: [] }).clipboard).toBeDefined();
    const invalid = readClipboard({ format: CLIPBOARD_FORMAT, elements: [{ type: 'Nope', props: {} }] });
    expect(invalid.clipboard).toBeUndefined();
    expect(invalid.issue).toMatch(/ at elements/);
  });
});
