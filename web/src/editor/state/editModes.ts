/**
 * Entering and leaving text and image edit mode. Text edit is refused for automatic texts (a `symbol`, SPEC §3),
 * locked elements and read-only albums, and for a Comment's note to anyone but its author and admins (SPEC §6); the text itself is saved through `commitText` while editing (each save
 * one history entry, applied once undo is available again after leaving). Image edit previews the crop
 * transiently and commits it once when the mode ends.
 */
import {
  applyPatches,
  getNode,
  propPath,
  updateElement,
  type AlbumDocument,
  type Patch,
  type RichText,
} from '@stickerbook/model';
import { Atom } from './atom.ts';
import type { Editor } from '../Editor.ts';
import { CROP_KEYS, NO_EDIT, type EditMode, type ImageCrop } from './modes.ts';

export class EditModes {
  readonly mode = new Atom<EditMode>(NO_EDIT);
  /** The open text editor's current content (set by the UI while it is mounted); leaving text edit saves it. */
  private textDraft: (() => RichText) | null = null;

  constructor(private readonly editor: Editor) {}

  editingText(): boolean {
    return this.mode.get().kind === 'text';
  }

  startText(id: string): boolean {
    const node = getNode(this.editor.doc, id);
    if (node?.type === 'Comment') {
      // A comment's note: its author and admins write in it, everyone else only reads it (SPEC §6).
      if (!this.editor.canEditComment(id)) return false;
      this.stop();
      this.editor.select([id]);
      this.mode.set({ kind: 'text', id });
      return true;
    }
    if (node?.type !== 'Text' || node.props.locked === true) return false;
    if (typeof node.props.symbol === 'string') {
      this.editor.errors.emit({ code: 'AUTOMATIC_TEXT_READ_ONLY' });
      return false;
    }
    if (!this.editor.refuseIfReadOnly()) return false;
    this.stop();
    this.editor.select([id]);
    this.mode.set({ kind: 'text', id });
    return true;
  }

  /** Saves the edited rich text (the UI's text editor calls this, e.g. on blur or debounced while typing). */
  commitText(text: RichText): boolean {
    const mode = this.mode.get();
    if (mode.kind !== 'text') return false;
    return this.editor.change('text', (doc) => updateElement(doc, mode.id, { text }));
  }

  /**
   * The UI's text editor registers how to read what is typed, so every way out of text edit (Escape from
   * anywhere, a click outside, a toolbar change) keeps the typed text. Returns the unregister function.
   */
  attachTextDraft(read: () => RichText): () => void {
    this.textDraft = read;
    return () => {
      if (this.textDraft === read) this.textDraft = null;
    };
  }

  /** What the edited text holds right now, typing included; undefined when no text is being edited. */
  draftText(): RichText | undefined {
    return this.mode.get().kind === 'text' ? this.textDraft?.() : undefined;
  }

  /** Saves the typed text when it differs from the document's. */
  private saveDraft(): void {
    const mode = this.mode.get();
    const draft = this.draftText();
    if (mode.kind !== 'text' || !draft) return;
    const saved = getNode(this.editor.doc, mode.id)?.props.text;
    if (JSON.stringify(draft) !== JSON.stringify(saved)) this.commitText(draft);
  }

  startImage(id: string): boolean {
    const node = getNode(this.editor.doc, id);
    if (node?.type !== 'Image' || node.props.locked === true || !this.editor.refuseIfReadOnly()) return false;
    this.stop();
    this.editor.select([id]);
    const crop: ImageCrop = {};
    for (const key of CROP_KEYS) if (typeof node.props[key] === 'number') crop[key] = node.props[key];
    this.mode.set({ kind: 'image', id, crop });
    return true;
  }

  /** Transient crop while the user pans, zooms or turns the photo; the renderer reads it from `mode`. */
  previewCrop(crop: ImageCrop): void {
    const mode = this.mode.get();
    if (mode.kind !== 'image') return;
    const next = { ...mode.crop, ...crop };
    this.mode.set({ ...mode, crop: next });
    // The canvas draws `displayDoc`, so the preview shows there without touching the document or history.
    const node = getNode(this.editor.doc, mode.id);
    if (!node) return;
    const patches: Patch[] = [];
    for (const key of CROP_KEYS) {
      const value = next[key];
      if (value === undefined) continue;
      const op = key in node.props ? 'replace' : 'add';
      patches.push({ op, path: propPath(mode.id, key), value });
    }
    this.editor.displayDoc.set(applyPatches(this.editor.doc, patches));
  }

  /** Leaves any edit mode; a text edit saves what was typed, an image edit commits its crop as one history entry. */
  stop(): void {
    this.saveDraft();
    const mode = this.mode.get();
    this.mode.set(NO_EDIT);
    if (mode.kind !== 'image') return;
    this.editor.displayDoc.set(this.editor.doc);
    if (!getNode(this.editor.doc, mode.id)) return;
    const node = getNode(this.editor.doc, mode.id)!;
    const changes: Record<string, number> = {};
    for (const key of CROP_KEYS) {
      const value = mode.crop[key];
      if (value !== undefined && value !== node.props[key]) changes[key] = value;
    }
    if (Object.keys(changes).length > 0)
      this.editor.change('image crop', (doc) => updateElement(doc, mode.id, changes));
  }

  /** After a document change: an element deleted (e.g. by a collaborator) ends its edit mode. */
  prune(doc: AlbumDocument): void {
    const mode = this.mode.get();
    if (mode.kind !== 'none' && !getNode(doc, mode.id)) this.mode.set(NO_EDIT);
  }
}
