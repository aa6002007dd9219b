import { describe, expect, it } from 'vitest';
import { commit, createHistory, rebaseHistory, redo, undo, type History } from './history.ts';
import { applyPatches, type Patch } from './patches.ts';
import { makeLargeAlbum } from './testing/fixtures.ts';

const doc0 = makeLargeAlbum({ spreads: 2, stickers: 4, otherElements: 6 });
const leaves = Object.values(doc0.nodes).filter(
  (node) =>
    node.parentId &&
    node.props.x !== undefined &&
    !Object.values(doc0.nodes).some((n) => n.parentId === node.id),
);
const [a, b] = leaves;
const x = (id: string, value: number): Patch => ({ op: 'replace', path: `/nodes/${id}/props/x`, value });

describe('undo rebased over remote changes', () => {
  it('leaves a field a collaborator changed after us, and still reverts our other fields', () => {
    let { doc, history } = commit(doc0, createHistory(), [x(a.id, 10), x(b.id, 20)]);
    const remote = [x(a.id, 99)];
    doc = applyPatches(doc, remote);
    history = rebaseHistory(history, remote);
    const step = undo(doc, history);
    expect(step.doc.nodes[a.id].props.x).toBe(99);
    expect(step.doc.nodes[b.id].props.x).toBe(doc0.nodes[b.id].props.x);
    expect(step.patches).toEqual([
      { op: 'replace', path: `/nodes/${b.id}/props/x`, value: doc0.nodes[b.id].props.x },
    ]);
  });

  it('keeps undo for other fields of the same node (per field)', () => {
    let { doc, history } = commit(doc0, createHistory(), [x(a.id, 10)]);
    const remote: Patch[] = [{ op: 'replace', path: `/nodes/${a.id}/props/y`, value: 5 }];
    doc = applyPatches(doc, remote);
    history = rebaseHistory(history, remote);
    const step = undo(doc, history);
    expect(step.doc.nodes[a.id].props).toMatchObject({ x: doc0.nodes[a.id].props.x, y: 5 });
  });

  it('drops entries about a node a collaborator removed, so undo neither fails nor brings it back', () => {
    let { doc, history } = commit(doc0, createHistory(), [x(a.id, 10)]);
    ({ doc, history } = commit(doc, history, [x(b.id, 11)]));
    const remote: Patch[] = [{ op: 'remove', path: `/nodes/${b.id}` }];
    doc = applyPatches(doc, remote);
    history = rebaseHistory(history, remote);
    expect(history.past).toHaveLength(2);
    const step = undo(doc, history);
    expect(step.doc.nodes[b.id]).toBeUndefined();
    expect(step.doc.nodes[a.id].props.x).toBe(doc0.nodes[a.id].props.x);
  });

  it('does not re-add a node we removed under a parent a collaborator removed since', () => {
    const parentId = a.parentId!;
    let { doc, history } = commit(doc0, createHistory(), [{ op: 'remove', path: `/nodes/${a.id}` }]);
    const siblings = Object.values(doc.nodes).filter((n) => n.parentId === parentId);
    const remote: Patch[] = [
      ...siblings.map((n): Patch => ({ op: 'remove', path: `/nodes/${n.id}` })),
      { op: 'remove', path: `/nodes/${parentId}` },
    ];
    doc = applyPatches(doc, remote);
    history = rebaseHistory(history, remote);
    const step = undo(doc, history);
    expect(step.patches).toEqual([]);
    expect(step.doc.nodes[a.id]).toBeUndefined();
  });

  it('rebases redo the same way', () => {
    const committed = commit(doc0, createHistory(), [x(a.id, 10)]);
    const undone = undo(committed.doc, committed.history);
    const remote = [x(a.id, 42)];
    const doc = applyPatches(undone.doc, remote);
    const history: History = rebaseHistory(undone.history, remote);
    expect(history.future).toHaveLength(0);
    expect(redo(doc, history).doc.nodes[a.id].props.x).toBe(42);
  });

  it('returns the same history when the remote change touches nothing we recorded', () => {
    const { history } = commit(doc0, createHistory(), [x(a.id, 10)]);
    expect(rebaseHistory(history, [x(b.id, 1)])).toBe(history);
  });
});
