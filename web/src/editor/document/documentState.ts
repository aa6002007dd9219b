/**
 * The album document as the editor holds it: the current document, the undo history, and the channel that
 * hands every local change to persistence/sync. Every local change arrives as patches (from packages/model
 * operations), is applied, recorded as one history entry (its inverse) and emitted once on `localPatches`;
 * remote patches are applied without entering history and are never re-emitted.
 *
 * The tree invariants (SPEC §4 "Tree checked after each change") are checked after the change has been shown,
 * on a timer: the full check costs ~35 ms on a 1,000-element album (model CONTEXT.md), which would break the
 * 16 ms budget of an undo. Violations are reported on `invariantViolations`, never thrown at the user.
 */
import {
  applyPatches,
  canRedo,
  canUndo,
  checkInvariants,
  commit,
  createHistory,
  rebaseHistory,
  redo,
  undo,
  type AlbumDocument,
  type History,
  type InvariantViolation,
  type Patch,
} from '@stickerbook/model';
import { Atom, Emitter } from '../state/atom.ts';

/** The document invariants are checked after this long without a change (SPEC §4 "tree checked after each change"). */
const CHECK_AFTER_QUIET_MS = 1000;
export type PatchOrigin = 'local' | 'remote';

export interface LocalPatchesEvent {
  patches: Patch[];
  /** What produced them: an operation label, 'undo' or 'redo'. */
  label?: string;
}

export interface DocumentChange {
  previous: AlbumDocument;
  doc: AlbumDocument;
  patches: readonly Patch[];
  origin: PatchOrigin;
}

export type InvariantCheckMode = 'deferred' | 'sync' | 'off';

export class DocumentState {
  readonly doc: Atom<AlbumDocument>;
  /** Increments on every applied change: the cheapest thing for a component to subscribe to. */
  readonly version = new Atom(0);
  readonly history: Atom<History> = new Atom(createHistory());
  readonly localPatches = new Emitter<LocalPatchesEvent>();
  readonly changes = new Emitter<DocumentChange>();
  readonly invariantViolations = new Emitter<InvariantViolation[]>();
  private checkTimer: ReturnType<typeof setTimeout> | undefined;
  private checkIdle: number | undefined;

  constructor(
    initial: AlbumDocument,
    private readonly checkMode: InvariantCheckMode = 'deferred',
  ) {
    this.doc = new Atom(initial);
  }

  get current(): AlbumDocument {
    return this.doc.get();
  }

  /** Applies and records a local change; returns false when there was nothing to do. */
  commitLocal(patches: Patch[], label?: string): boolean {
    if (patches.length === 0) return false;
    const previous = this.current;
    const result = commit(previous, this.history.get(), patches, label);
    this.publish(previous, result.doc, patches, 'local');
    this.history.set(result.history);
    this.localPatches.emit({ patches, label });
    return true;
  }

  /** Applies a collaborator's change and rebases the undo stack over it, so undo never overwrites it. */
  applyRemote(patches: Patch[]): void {
    if (patches.length === 0) return;
    const previous = this.current;
    this.publish(previous, applyPatches(previous, patches), patches, 'remote');
    this.history.set(rebaseHistory(this.history.get(), patches));
  }

  canUndo(editingText: boolean): boolean {
    return canUndo(this.history.get(), { editingText });
  }

  canRedo(): boolean {
    return canRedo(this.history.get());
  }

  undo(editingText: boolean): boolean {
    const step = undo(this.current, this.history.get(), { editingText });
    return this.step(step.doc, step.history, step.patches, 'undo');
  }

  redo(): boolean {
    const step = redo(this.current, this.history.get());
    return this.step(step.doc, step.history, step.patches, 'redo');
  }

  /** Replaces the document wholesale (reload after a merge error): history starts again. */
  reset(doc: AlbumDocument): void {
    const previous = this.current;
    this.history.set(createHistory());
    this.doc.set(doc);
    this.version.update((v) => v + 1);
    this.changes.emit({ previous, doc, patches: [], origin: 'remote' });
  }

  dispose(): void {
    clearTimeout(this.checkTimer);
    if (this.checkIdle !== undefined && typeof cancelIdleCallback === 'function')
      cancelIdleCallback(this.checkIdle);
  }

  private step(doc: AlbumDocument, history: History, patches: Patch[], label: string): boolean {
    if (patches.length === 0) {
      // An entry with nothing left to apply (collaborators changed all of it) is used up all the same.
      if (history !== this.history.get()) this.history.set(history);
      return false;
    }
    this.publish(this.current, doc, patches, 'local');
    this.history.set(history);
    this.localPatches.emit({ patches, label });
    return true;
  }

  private publish(
    previous: AlbumDocument,
    doc: AlbumDocument,
    patches: readonly Patch[],
    origin: PatchOrigin,
  ): void {
    this.doc.set(doc);
    this.version.update((v) => v + 1);
    this.changes.emit({ previous, doc, patches, origin });
    this.scheduleCheck();
  }

  private scheduleCheck(): void {
    if (this.checkMode === 'off') return;
    if (this.checkMode === 'sync') return this.check();
    // The full check costs tens of milliseconds on a large album (~50 ms for 60 spreads and 600 stickers): run it
    // once the user has paused for a second and the browser is idle, coalescing bursts of changes. A change
    // cancels a check already waiting for an idle period, so it never runs between a change and the frame that
    // shows it (an undo right after a drag measured 44 ms to its frame with one in between).
    clearTimeout(this.checkTimer);
    if (this.checkIdle !== undefined && typeof cancelIdleCallback === 'function')
      cancelIdleCallback(this.checkIdle);
    this.checkIdle = undefined;
    this.checkTimer = setTimeout(() => {
      if (typeof requestIdleCallback === 'function') {
        this.checkIdle = requestIdleCallback(
          () => {
            this.checkIdle = undefined;
            this.check();
          },
          { timeout: 5000 },
        );
      } else this.check();
    }, CHECK_AFTER_QUIET_MS);
  }

  private check(): void {
    const violations = checkInvariants(this.current);
    if (violations.length > 0) {
      console.error('album document invariants violated', violations);
      this.invariantViolations.emit(violations);
    }
  }
}
