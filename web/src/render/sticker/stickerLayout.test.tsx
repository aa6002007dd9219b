import { applyPatches, type AlbumDocument, type DocNode, type StickerTemplate } from '@stickerbook/model';
import { describe, expect, it } from 'vitest';
import { SpreadSvg } from '../SpreadSvg.tsx';
import { docWith, renderDom } from '../test-support.tsx';
import { pickTemplate } from './pickTemplate.ts';

/** A frame template whose texts are the given fields, each showing its placeholder. */
function template(
  id: number,
  variant: string,
  double: boolean,
  fields: Array<'line' | 'number' | 'nextnumber'>,
  theme: StickerTemplate['theme'] = 'default',
): StickerTemplate {
  const nodes: Record<string, DocNode> = {
    root: {
      id: 'root',
      type: 'Group',
      parentId: null,
      index: 'a0',
      props: { x: 0, y: 0, width: double ? 100 : 50, height: 70 },
    },
  };
  fields.forEach((symbol, i) => {
    nodes[symbol] = {
      id: symbol,
      type: 'Text',
      parentId: 'root',
      index: `a${i}`,
      props: {
        x: 0,
        y: 60,
        width: 40,
        height: 5,
        symbol,
        text: { blocks: [{ spans: [{ text: `[${symbol}]`, styles: [] }] }] },
      },
    };
  });
  return { id, name: `${theme} ${variant}`, theme, variant, double, rootId: 'root', nodes };
}

const templates: Record<number, StickerTemplate> = {
  595: template(595, 'default', false, ['line', 'number']),
  597: template(597, 'textless', false, ['number']),
  598: template(598, 'numberless', false, ['line']),
  599: template(599, 'default', true, ['line', 'number', 'nextnumber']),
  609: template(609, 'default', false, ['line', 'number'], 'gold'),
};

function albumWithSticker(stickerLayout: string | undefined, templateId = 595): AlbumDocument {
  const doc = docWith([
    { type: 'StickerCell', id: 'cell', props: { x: 0, y: 0, width: 50, height: 70, stickerId: 's1' } },
  ]);
  doc.settings.stickerTemplateId = templateId;
  doc.stickers.s1 = {
    id: 's1',
    name: 'Anna Nowak',
    position: 'Goalkeeper',
    doubleSticker: false,
    sectionId: 'sec',
    ...(stickerLayout ? { stickerLayout } : {}),
  };
  return doc;
}

function drawnSticker(doc: AlbumDocument) {
  const { container } = renderDom(<SpreadSvg doc={doc} spreadId="spread" templates={templates} />);
  const cell = container.querySelector('[data-sticker-cell="filled"]')!;
  return {
    template: cell.getAttribute('data-template'),
    texts: [...cell.querySelectorAll('foreignObject')].map((text) => text.textContent),
  };
}

describe('a sticker drawn with its own layout', () => {
  it('uses the album frame when the sticker keeps the default layout', () => {
    expect(drawnSticker(albumWithSticker('default'))).toEqual({
      template: '595',
      texts: ['Anna Nowak', '1'],
    });
    expect(drawnSticker(albumWithSticker(undefined)).template).toBe('595');
  });

  it('draws a numberless sticker without its number and a textless one without its name', () => {
    expect(drawnSticker(albumWithSticker('numberless'))).toEqual({ template: '598', texts: ['Anna Nowak'] });
    expect(drawnSticker(albumWithSticker('textless'))).toEqual({ template: '597', texts: ['1'] });
  });

  it("falls back to the album frame when the album's theme has no such layout", () => {
    expect(drawnSticker(albumWithSticker('numberless', 609)).template).toBe('609');
  });
});

describe("a placed sticker's texts", () => {
  it('follow a rename, another sticker in the cell and new numbers, each as the document changes', () => {
    let doc = albumWithSticker(undefined);
    doc.stickers.s2 = { id: 's2', name: 'Ben Weber', position: '', doubleSticker: false, sectionId: 'sec' };
    const view = renderDom(<SpreadSvg doc={doc} spreadId="spread" templates={templates} />);
    const texts = () =>
      [
        ...view.container.querySelectorAll(
          '[data-node-id="cell"] [data-sticker-cell="filled"] foreignObject',
        ),
      ].map((text) => text.textContent);
    const change = (patches: Parameters<typeof applyPatches>[1]) => {
      doc = applyPatches(doc, patches);
      view.rerender(<SpreadSvg doc={doc} spreadId="spread" templates={templates} />);
    };
    expect(texts()).toEqual(['Anna Nowak', '1']);
    // The sticker record changes: the name follows.
    change([{ op: 'replace', path: '/stickers/s1/name', value: 'Anna Kowalska' }]);
    expect(texts()).toEqual(['Anna Kowalska', '1']);
    // The cell takes another sticker: the name is the new sticker's.
    change([{ op: 'replace', path: '/nodes/cell/props/stickerId', value: 's2' }]);
    expect(texts()).toEqual(['Ben Weber', '1']);
    // A cell placed before it in reading order: its number moves on.
    change([
      { op: 'replace', path: '/nodes/cell/props/x', value: 60 },
      {
        op: 'add',
        path: '/nodes/first',
        value: {
          id: 'first',
          type: 'StickerCell',
          parentId: 'spread',
          index: 'Zz',
          props: { x: 0, y: 0, width: 50, height: 70, stickerId: 's1' },
        },
      },
    ]);
    expect(texts()).toEqual(['Ben Weber', '2']);
    view.unmount();
  });
});

describe('pickTemplate', () => {
  it("takes the theme's double frame for a double cell whatever the sticker's layout", () => {
    expect(pickTemplate(templates, 595, true, 'numberless')?.id).toBe(599);
    expect(pickTemplate(templates, 597, true)?.id).toBe(599);
  });

  it('knows no frame without templates or an album template id', () => {
    expect(pickTemplate(undefined, 595, false, 'full')).toBeUndefined();
    expect(pickTemplate(templates, undefined, false)).toBeUndefined();
    expect(pickTemplate(templates, 1, false)).toBeUndefined();
  });
});
