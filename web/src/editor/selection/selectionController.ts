/**
 * Selection and isolation mode (SPEC §4). Isolation ("select inside") scopes clicks, lasso and select-all to the
 * children of one group: double-click a group to enter, double-click empty canvas (or Escape with nothing
 * selected) to leave. Select all (Ctrl+A) takes the current spread's or the isolated group's unlocked elements.
 */
import { childrenOf, getNode, spreadOf, type AlbumDocument, type Point } from '@stickerbook/model';
import { Atom, sameArray } from '../state/atom.ts';
import type { Editor } from '../Editor.ts';
import { spreadLayout } from '../camera/layout.ts';
import { hitTest, isHittable } from './hitTest.ts';
import { elementsInLasso } from './lasso.ts';
import { boundsOfPoints, rectsIntersect } from '@stickerbook/model';

export class SelectionController {
  readonly selection = new Atom<readonly string[]>([], sameArray);
  readonly isolatedGroupId = new Atom<string | null>(null);

  constructor(private readonly editor: Editor) {}

  select(ids: readonly string[]): void {
    const doc = this.editor.doc;
    this.selection.set([...new Set(ids)].filter((id) => getNode(doc, id)));
  }

  /** After a document change: forget deleted ids and a deleted isolated group. */
  prune(doc: AlbumDocument): void {
    const ids = this.selection.get();
    if (ids.some((id) => !getNode(doc, id))) this.selection.set(ids.filter((id) => getNode(doc, id)));
    const group = this.isolatedGroupId.get();
    if (group && getNode(doc, group)?.type !== 'Group') this.isolatedGroupId.set(null);
  }

  /** The spread the selection is on, else the spread nearest the viewport centre. */
  currentSpreadId(): string | undefined {
    const doc = this.editor.doc;
    const first = this.selection.get()[0] ?? this.isolatedGroupId.get();
    return (first && spreadOf(doc, first)?.id) || this.editor.cameraController.currentSpreadId();
  }

  selectAll(): void {
    const doc = this.editor.doc;
    const scope = this.isolatedGroupId.get() ?? this.currentSpreadId();
    if (!scope) return;
    this.select(
      childrenOf(doc, scope)
        .filter(isHittable)
        .map((node) => node.id),
    );
  }

  /** Escape: clear the selection first; with nothing selected, leave isolation. Returns whether it did anything. */
  escape(): boolean {
    if (this.selection.get().length > 0) {
      this.select([]);
      return true;
    }
    if (this.isolatedGroupId.get()) {
      this.exitIsolation();
      return true;
    }
    return false;
  }

  enterIsolation(groupId: string): void {
    if (getNode(this.editor.doc, groupId)?.type !== 'Group') return;
    this.isolatedGroupId.set(groupId);
    this.select([]);
  }

  exitIsolation(): void {
    const group = this.isolatedGroupId.get();
    if (!group) return;
    this.isolatedGroupId.set(null);
    this.select([group]);
  }

  /**
   * Double-click: into a group (selecting the child under the pointer), into text edit mode (a text, or the note of
   * a comment its author or an admin may edit) or image edit mode, to the
   * sticker form for a sticker cell (the app navigates), or out of isolation on empty canvas.
   */
  doubleClickAt(point: Point, tolerance: number): void {
    const editor = this.editor;
    const doc = editor.doc;
    const hit = hitTest(doc, point, { isolatedGroupId: this.isolatedGroupId.get(), tolerance });
    const node = hit ? getNode(doc, hit) : undefined;
    if (!node) {
      this.exitIsolation();
      return;
    }
    if (node.type === 'Group') {
      this.enterIsolation(node.id);
      const inner = hitTest(doc, point, { isolatedGroupId: node.id, tolerance });
      if (inner) this.select([inner]);
    } else if (node.type === 'Text' || node.type === 'Comment') editor.startTextEdit(node.id);
    else if (node.type === 'Image') editor.startImageEdit(node.id);
    else if (node.type === 'StickerCell') editor.requests.emit({ type: 'openSticker', cellId: node.id });
  }

  /** Live lasso selection: `base` (shift held at the start) plus what the polygon encloses. */
  selectInLasso(polygon: readonly Point[], base: readonly string[]): void {
    const doc = this.editor.doc;
    const group = this.isolatedGroupId.get();
    let scopes: string[];
    if (group) scopes = [group];
    else {
      const bounds = boundsOfPoints(polygon);
      const layout = spreadLayout(doc);
      scopes = layout.order.filter((id) => rectsIntersect(layout.rects.get(id)!, bounds));
    }
    this.select([...base, ...elementsInLasso(doc, polygon, scopes)]);
  }
}
