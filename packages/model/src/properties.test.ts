/**
 * Property-based tests (fast-check): any sequence of operations keeps every invariant, and the inverse of every
 * operation restores the exact document.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AlbumDocument } from './document.ts';
import { isModelError } from './errors.ts';
import { makeLargeAlbum } from './testing/fixtures.ts';
import { sequentialIds } from './ids.ts';
import * as ops from './operations/index.ts';
import { applyPatches, invertPatches } from './patches.ts';
import { checkInvariants, isStaticSection, sectionsInOrder, spreadsInOrder } from './tree.ts';

const OPERATIONS = [
  'insert',
  'update',
  'replace',
  'delete',
  'group',
  'ungroup',
  'swap',
  'front',
  'back',
  'moveToSpread',
  'duplicate',
  'cutPaste',
  'copyPaste',
  'addSpread',
  'moveSpread',
  'duplicateSpread',
  'deleteSpread',
  'createSection',
  'renameSection',
  'moveSection',
  'deleteSection',
  'createSticker',
  'placeSticker',
  'unlinkSticker',
  'deleteSticker',
] as const;

interface Command {
  op: (typeof OPERATIONS)[number];
  a: number;
  b: number;
  c: number;
}

const command = fc.record({
  op: fc.constantFrom(...OPERATIONS),
  a: fc.nat(1000),
  b: fc.nat(1000),
  c: fc.nat(1000),
});

function pick<T>(list: readonly T[], n: number): T | undefined {
  return list.length === 0 ? undefined : list[n % list.length];
}

function changeFor(
  doc: AlbumDocument,
  { op, a, b, c }: Command,
  newId: () => string,
): ops.Change | undefined {
  const nodes = Object.values(doc.nodes);
  const elements = nodes
    .filter((n) => !['Root', 'Section', 'Spread'].includes(n.type))
    .sort((x, y) => (x.id < y.id ? -1 : 1));
  const groups = elements.filter((n) => n.type === 'Group');
  const cells = elements.filter((n) => n.type === 'StickerCell');
  const spreads = spreadsInOrder(doc);
  const sections = sectionsInOrder(doc);
  const stickers = Object.keys(doc.stickers).sort();
  const element = pick(elements, a);
  const spread = pick(spreads, b);
  const siblingsOf = (id: string) => elements.filter((n) => n.parentId === doc.nodes[id].parentId);
  switch (op) {
    case 'insert':
      return spread
        ? ops.insertElement(
            doc,
            {
              parentId: spread.id,
              type: pick(['Rectangle', 'Text', 'StickerCell', 'Circle'] as const, c)!,
              props: {
                x: a % 400,
                y: b % 250,
                width: 10 + (c % 50),
                height: 10,
                rotation: c % 4 === 0 ? 30 : 0,
              },
            },
            newId,
          )
        : undefined;
    case 'update':
      return element
        ? ops.updateElement(doc, element.id, {
            x: b % 300,
            opacity: c % 101,
            fill: c % 2 ? undefined : c % 5,
          })
        : undefined;
    case 'replace':
      return element
        ? ops.replaceElement(doc, element.id, {
            x: 1,
            y: 2,
            width: 3,
            height: 4,
            ...(element.props.symbol ? { symbol: element.props.symbol, text: element.props.text } : {}),
          })
        : undefined;
    case 'delete':
      return element
        ? ops.deleteElements(doc, [element.id, ...(c % 2 ? [pick(elements, b)!.id] : [])])
        : undefined;
    case 'group': {
      if (!element) return undefined;
      const siblings = siblingsOf(element.id);
      return ops.groupElements(doc, [element.id, pick(siblings, b)!.id], newId);
    }
    case 'ungroup': {
      const group = pick(groups, a);
      return group ? ops.ungroupElement(doc, group.id) : undefined;
    }
    case 'swap': {
      if (!element) return undefined;
      const other = pick(siblingsOf(element.id), b)!;
      return other.id === element.id ? undefined : ops.swapSiblings(doc, element.id, other.id);
    }
    case 'front':
      return element ? ops.bringToFront(doc, [element.id]) : undefined;
    case 'back':
      return element ? ops.sendToBack(doc, [element.id]) : undefined;
    case 'moveToSpread':
      return element && spread ? ops.moveToSpread(doc, [element.id], spread.id) : undefined;
    case 'duplicate':
      return element ? ops.duplicateElements(doc, [element.id], newId) : undefined;
    case 'cutPaste': {
      if (!element || !spread) return undefined;
      const { clipboard, change } = ops.cutElements(doc, [element.id]);
      const cut = applyPatches(doc, change.patches);
      if (!cut.nodes[spread.id]) return undefined;
      const paste = ops.pasteElements(cut, clipboard, spread.id, {}, newId);
      return { patches: [...change.patches, ...paste.patches], selection: paste.selection };
    }
    case 'copyPaste':
      return element && spread
        ? ops.pasteElements(doc, ops.copyElements(doc, [element.id]), spread.id, { offset: 10 }, newId)
        : undefined;
    case 'addSpread':
      return spread ? ops.addSpread(doc, spread.id, c % 2 ? 'before' : 'after', newId) : undefined;
    case 'moveSpread':
      return spread ? ops.moveSpread(doc, spread.id, c % 2 ? 'up' : 'down') : undefined;
    case 'duplicateSpread':
      return spread ? ops.duplicateSpread(doc, spread.id, newId) : undefined;
    case 'deleteSpread':
      return spread ? ops.deleteSpread(doc, spread.id) : undefined;
    case 'createSection':
      return ops.createSection(doc, `Section ${a}`, newId);
    case 'renameSection': {
      const section = pick(sections, a);
      return section ? ops.renameSection(doc, section.id, `Renamed ${b}`) : undefined;
    }
    case 'moveSection': {
      // Mostly a movable section to a place in its range (otherwise nearly every move is refused and the run can
      // end without one real move); every fourth, any section to any place, which the rules may refuse.
      if (c % 4 === 0) {
        const section = pick(sections, a);
        return section ? ops.moveSection(doc, section.id, b % (sections.length + 1)) : undefined;
      }
      const section = pick(
        sections.filter((s) => !isStaticSection(s)),
        a,
      );
      const { min, max } = ops.sectionMoveRange(doc);
      return section && max >= min
        ? ops.moveSection(doc, section.id, min + (b % (max - min + 1)))
        : undefined;
    }
    case 'deleteSection': {
      const section = pick(
        sections.filter((s) => !isStaticSection(s)),
        a,
      );
      return section ? ops.deleteSection(doc, section.id) : undefined;
    }
    case 'createSticker':
      return ops.createSticker(doc, { name: `S${a}`, position: '', doubleSticker: c % 3 === 0 }, newId);
    case 'placeSticker': {
      const sticker = pick(stickers, a);
      const cell = pick(cells, b);
      return sticker && cell ? ops.placeSticker(doc, sticker, cell.id) : undefined;
    }
    case 'unlinkSticker': {
      const cell = pick(cells, a);
      return cell ? ops.unlinkSticker(doc, cell.id) : undefined;
    }
    case 'deleteSticker': {
      const sticker = pick(stickers, a);
      return sticker ? ops.deleteSticker(doc, sticker) : undefined;
    }
  }
}

const applied = new Map<string, number>();
const start = makeLargeAlbum({ spreads: 5, stickers: 8, otherElements: 14, sections: 2 });

describe('operation properties', () => {
  it('the starting album is valid', () => {
    expect(checkInvariants(start)).toEqual([]);
  });

  it('random operation sequences keep every invariant, and every inverse restores the exact document', () => {
    fc.assert(
      fc.property(fc.array(command, { minLength: 1, maxLength: 25 }), (commands) => {
        let doc = start;
        const newId = sequentialIds('q');
        for (const cmd of commands) {
          let change: ops.Change | undefined;
          try {
            change = changeFor(doc, cmd, newId);
          } catch (error) {
            // Operations refuse what the rules forbid (with a code); that is part of the contract.
            if (isModelError(error)) continue;
            throw error;
          }
          if (!change) continue;
          applied.set(cmd.op, (applied.get(cmd.op) ?? 0) + (change.patches.length > 0 ? 1 : 0));
          const next = applyPatches(doc, change.patches);
          const violations = checkInvariants(next);
          if (violations.length > 0)
            throw new Error(`${cmd.op} broke invariants: ${JSON.stringify(violations)}`);
          expect(applyPatches(next, invertPatches(doc, change.patches))).toStrictEqual(doc);
          doc = next;
        }
      }),
      { numRuns: 150 },
    );
    // Guard against a vacuous pass: every operation must have produced a real change at least once.
    expect(OPERATIONS.filter((op) => !applied.get(op))).toEqual([]);
    // ~0.4 s on a quiet machine; a loaded CI machine must not turn it into a timeout.
  }, 60_000);

  it('undoing a whole sequence in reverse restores the starting document', () => {
    fc.assert(
      fc.property(fc.array(command, { minLength: 1, maxLength: 15 }), (commands) => {
        let doc = start;
        const newId = sequentialIds('u');
        const inverses = [];
        for (const cmd of commands) {
          try {
            const change = changeFor(doc, cmd, newId);
            if (!change) continue;
            inverses.push(invertPatches(doc, change.patches));
            doc = applyPatches(doc, change.patches);
          } catch (error) {
            if (!isModelError(error)) throw error;
          }
        }
        for (const inverse of inverses.reverse()) doc = applyPatches(doc, inverse);
        expect(doc).toStrictEqual(start);
      }),
      { numRuns: 60 },
    );
  }, 60_000);
});
