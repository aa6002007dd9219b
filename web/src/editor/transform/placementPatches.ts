/**
 * Turning a new placement into per-field patches: only the fields that change, rounded like packages/model's
 * operations round them, so a resize that ends where it started produces no patch (and no history entry).
 */
import { propPath, type DocNode, type Patch } from '@stickerbook/model';

const DEFAULTS: Record<string, number> = { rotation: 0, scale: 1 };

const round9 = (value: number): number => Math.round(value * 1e9) / 1e9;

export function propChangePatches(node: DocNode, changes: Record<string, number>): Patch[] {
  const patches: Patch[] = [];
  for (const [key, raw] of Object.entries(changes)) {
    const value = round9(raw);
    const current = node.props[key];
    if (current === undefined) {
      if (value !== DEFAULTS[key]) patches.push({ op: 'add', path: propPath(node.id, key), value });
    } else if (current !== value) patches.push({ op: 'replace', path: propPath(node.id, key), value });
  }
  return patches;
}
