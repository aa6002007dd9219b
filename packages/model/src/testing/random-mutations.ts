/**
 * Random mutations for fuzz tests and benchmarks of the sync path (issue 6): a mix of the edits an editor makes
 * (moves, style changes, re-ordering, inserts, deletes, re-parenting, sticker edits) and of what a broken or
 * malicious client could send (invariant violations, out-of-range values, unsafe paths, malformed patches).
 * Whether a mutation is valid is not decided here: tests ask the model's full check (`applyUntrustedPatches`).
 */
import { generateKeyBetween } from 'fractional-indexing';
import type { AlbumDocument, DocNode } from '../document.ts';
import { isElementType } from '../schema.ts';
import { childrenOf } from '../tree.ts';
import type { Random } from '../random.ts';

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];

let counter = 0;
const freshId = (random: Random) => `f${(counter++).toString(36)}${Math.floor(random() * 1e9).toString(36)}`;

function nodesOfType(doc: AlbumDocument, test: (node: DocNode) => boolean): DocNode[] {
  return Object.values(doc.nodes).filter(test);
}

/** A random list of patches (possibly malformed: the result is `unknown[]` on purpose). */
export function randomMutation(doc: AlbumDocument, random: Random): unknown[] {
  const elements = nodesOfType(doc, (n) => isElementType(n.type));
  const spreads = nodesOfType(doc, (n) => n.type === 'Spread');
  const sections = nodesOfType(doc, (n) => n.type === 'Section');
  const groups = nodesOfType(doc, (n) => n.type === 'Group');
  const cells = nodesOfType(doc, (n) => n.type === 'StickerCell');
  const stickers = Object.values(doc.stickers);
  const element = elements.length > 0 ? pick(random, elements) : undefined;
  const spread = pick(random, spreads);
  const kind = Math.floor(random() * 24);

  switch (kind) {
    case 0:
    case 1:
    case 2:
    case 3: {
      // Move: the most common edit, several elements at once.
      const count = 1 + Math.floor(random() * 5);
      const patches: unknown[] = [];
      for (let i = 0; i < count && element; i++) {
        const target = pick(random, elements);
        patches.push({
          op: 'replace',
          path: `/nodes/${target.id}/props/x`,
          value: Math.round(random() * 400),
        });
        patches.push({
          op: 'replace',
          path: `/nodes/${target.id}/props/y`,
          value: Math.round(random() * 250),
        });
      }
      return patches;
    }
    case 4:
      return element
        ? [
            {
              op: 'add',
              path: `/nodes/${element.id}/props/fill`,
              value: pick(random, [2, 3, '#ff0000', 'red']),
            },
          ]
        : [];
    case 5:
      return element
        ? [{ op: 'add', path: `/nodes/${element.id}/props/opacity`, value: Math.round(random() * 100) }]
        : [];
    case 6: {
      if (!element) return [];
      const siblings = childrenOf(doc, element.parentId!);
      const last = siblings.at(-1)?.index ?? null;
      return [{ op: 'replace', path: `/nodes/${element.id}/index`, value: generateKeyBetween(last, null) }];
    }
    case 7: {
      const id = freshId(random);
      const last = childrenOf(doc, spread.id).at(-1)?.index ?? null;
      const node: DocNode = {
        id,
        type: pick(random, ['Rectangle', 'Circle', 'Line'] as const),
        parentId: spread.id,
        index: generateKeyBetween(last, null),
        props: { x: Math.round(random() * 400), y: Math.round(random() * 250), width: 40, height: 30 },
      };
      return [{ op: 'add', path: `/nodes/${id}`, value: node }];
    }
    case 8:
    case 9: {
      // As many deletes as inserts, so the album keeps its size over a long fuzz run. Delete a leaf element (valid) or an element with its descendants listed first.
      if (!element) return [];
      const children = childrenOf(doc, element.id);
      return [
        ...children.map((child) => ({ op: 'remove', path: `/nodes/${child.id}` })),
        { op: 'remove', path: `/nodes/${element.id}` },
      ];
    }
    case 10:
      // Re-parent to another spread (valid unless it empties a group).
      return element ? [{ op: 'replace', path: `/nodes/${element.id}/parentId`, value: spread.id }] : [];
    case 11:
      return stickers.length > 0
        ? [
            {
              op: 'replace',
              path: `/stickers/${pick(random, stickers).id}/name`,
              value: `Name ${Math.floor(random() * 100)}`,
            },
          ]
        : [];
    case 12:
      // Invalid: a section under an element or a spread.
      return [
        {
          op: 'replace',
          path: `/nodes/${pick(random, sections).id}/parentId`,
          value: element?.id ?? spread.id,
        },
      ];
    case 13: {
      // Invalid: empties a group, or removes a spread leaving its children orphaned.
      const group = groups.length > 0 ? pick(random, groups) : undefined;
      if (group && random() < 0.5)
        return childrenOf(doc, group.id).map((child) => ({ op: 'remove', path: `/nodes/${child.id}` }));
      return childrenOf(doc, spread.id).length > 0 ? [{ op: 'remove', path: `/nodes/${spread.id}` }] : [];
    }
    case 14: {
      // Invalid: a cycle (a group under its own child).
      const group = groups.length > 0 ? pick(random, groups) : undefined;
      const child = group && childrenOf(doc, group.id)[0];
      return group && child ? [{ op: 'replace', path: `/nodes/${group.id}/parentId`, value: child.id }] : [];
    }
    case 15:
      return element ? [{ op: 'replace', path: `/nodes/${element.id}/props/opacity`, value: 500 }] : [];
    case 16:
      return element ? [{ op: 'add', path: `/nodes/${element.id}/props/bogus`, value: 1 }] : [];
    case 17:
      return [
        {
          op: 'add',
          path: pick(random, ['/nodes/__proto__/props/x', '/constructor/prototype', '/nodes', '/']),
          value: 1,
        },
      ];
    case 18:
      return [{ op: 'replace', path: `/nodes/${freshId(random)}/props/x`, value: 1 }];
    case 19:
      return element ? [{ op: 'replace', path: `/nodes/${element.id}/props/x`, value: 'left' }] : [];
    case 20:
      return element ? [{ op: 'remove', path: `/nodes/${element.id}/props/width` }] : [];
    case 21: {
      // Invalid when the sticker is placed elsewhere: the same sticker in two cells.
      if (cells.length === 0 || stickers.length === 0) return [];
      return [
        {
          op: 'add',
          path: `/nodes/${pick(random, cells).id}/props/stickerId`,
          value: pick(random, stickers).id,
        },
      ];
    }
    case 22:
      // Invalid when placed: a cell pointing at a removed sticker.
      return stickers.length > 0 ? [{ op: 'remove', path: `/stickers/${pick(random, stickers).id}` }] : [];
    default:
      return pick(random, [
        [{ op: 'move', path: `/nodes/${spread.id}/props/x`, value: 1 }],
        [{ op: 'add', path: `/nodes/${spread.id}/props/x` }],
        [{ op: 'add', path: `/nodes/${spread.id}`, value: { ...spread, id: 'other' } }],
        [null],
        [{ op: 'replace', path: '/settings/colors', value: 'not a list' }],
        [{ op: 'replace', path: '/settings/colors', value: ['#ffffff', '#000000', '#123456'] }],
      ]);
  }
}
