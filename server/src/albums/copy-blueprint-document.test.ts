import type { AlbumDocument } from '@stickerbook/model';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { copyBlueprintDocument } from './copy-blueprint-document.ts';

const fixture: AlbumDocument = JSON.parse(
  readFileSync(new URL('../../test/fixtures/seeds/blueprints/test-fixture.json', import.meta.url), 'utf8'),
).workspace;

describe('copyBlueprintDocument', () => {
  it('renames every node and sticker and keeps the references between them', () => {
    const copy = copyBlueprintDocument(fixture);
    const nodes = Object.values(copy.nodes);
    expect(nodes).toHaveLength(Object.keys(fixture.nodes).length);
    expect(nodes.every((node) => !(node.id in fixture.nodes))).toBe(true);
    for (const node of nodes) {
      if (node.parentId !== null) expect(copy.nodes[node.parentId]).toBeDefined();
    }
    const cell = nodes.find((node) => node.type === 'StickerCell')!;
    const sticker = copy.stickers[cell.props.stickerId as string];
    expect(sticker.name).toBe('Alex');
    expect(copy.nodes[sticker.sectionId].props.name).toBe('Team');
    expect(copy.nodes[cell.props.sectionId as string].props.name).toBe('Team');
    expect(copy.nodes[copy.rootId].type).toBe('Root');
  });

  it('leaves the blueprint untouched', () => {
    const before = JSON.stringify(fixture);
    copyBlueprintDocument(fixture, { emptyInside: true });
    expect(JSON.stringify(fixture)).toBe(before);
  });

  it('empties the inner sections but keeps the sections themselves', () => {
    const copy = copyBlueprintDocument(fixture, { emptyInside: true });
    const types = Object.values(copy.nodes)
      .map((node) => node.type)
      .sort();
    expect(types).toEqual(['Root', 'Section', 'Section', 'Spread', 'Text']);
    expect(copy.stickers).toEqual({});
  });
});
