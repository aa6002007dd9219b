import {
  albumPreflight,
  deleteElements,
  pageBoxLabel,
  spreadsInOrder,
  type AlbumDocument,
  type PreflightEntry as AlbumPreflightEntry,
} from '@stickerbook/model';
import type { TFunction } from 'i18next';
import { startTransition, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Editor } from '../../editor/Editor.ts';
import { useEditor } from '../../editor/ui/EditorContext.tsx';
import { confirm } from '../../ui/confirm.tsx';
import { usePreflight, type ImageRegistry, type PreflightEntry as QualityEntry } from '../images/index.ts';
import { imagePixels } from '../images/preflight.ts';

/** One line of the top bar's preflight list, with where it is fixed. */
export interface TopBarPreflightEntry {
  key: string;
  /** The kind (model preflight or print-quality code) the popover groups by. */
  code: string;
  message: string;
  /** An error blocks the order (packages/model albumPreflight); a warning does not. */
  severity: 'error' | 'warning';
  spreadId?: string;
  elementId?: string;
  /** Where it is, as the page box names the spread ('1', '4-5'). */
  pages?: string;
  /** An empty chapter's name: the place of an entry without a spread. */
  name?: string;
}

function sectionName(doc: AlbumDocument, sectionId: string | undefined): string {
  const name = sectionId ? doc.nodes[sectionId]?.props.name : undefined;
  return typeof name === 'string' ? name : '';
}

/**
 * The order's preflight (packages/model `albumPreflight`: what blocks an order, the same list the server checks)
 * merged with the images' print-quality check (features/images: low-resolution warnings, oversized photos).
 * Image problems come first, as the canvas marks them; an image both lists name is shown once, with the quality
 * check's text (it carries the dpi) and as an error.
 */
export function mergePreflight(
  doc: AlbumDocument,
  entries: readonly AlbumPreflightEntry[],
  quality: readonly QualityEntry[],
  t: TFunction,
): TopBarPreflightEntry[] {
  const blocking = new Set(entries.map((entry) => `${entry.code}:${entry.element_id ?? ''}`));
  const merged: TopBarPreflightEntry[] = quality.map((issue) => {
    const key = `${issue.code}:${issue.elementId}`;
    return {
      key,
      code: issue.code,
      message: issue.message,
      severity: issue.severity === 'error' || blocking.has(key) ? 'error' : 'warning',
      spreadId: issue.spreadId,
      elementId: issue.elementId,
    };
  });
  const shown = new Set(merged.map((entry) => entry.key));
  entries.forEach((entry, index) => {
    const key = `${entry.code}:${entry.element_id ?? entry.section_id ?? index}`;
    if (shown.has(key)) return;
    const name = sectionName(doc, entry.section_id);
    merged.push({
      key,
      code: entry.code,
      message: t(`checkout.preflight.${entry.code}`, { name, count: entry.count }),
      severity: 'error',
      spreadId: entry.spread_id,
      elementId: entry.element_id,
      name: entry.spread_id ? undefined : name,
    });
  });
  const order = spreadsInOrder(doc).map((spread) => spread.id);
  for (const entry of merged) {
    const ordinal = entry.spreadId ? order.indexOf(entry.spreadId) : -1;
    if (ordinal >= 0) entry.pages = pageBoxLabel(ordinal, order.length);
  }
  return merged;
}

/** How long a change may wait for an idle moment before the preflight lists catch up with it all the same. */
const PREFLIGHT_CATCH_UP_MS = 500;

/**
 * The open document as the preflight lists see it: the current one, caught up with a change once the browser is
 * idle after the change's frame, never inside it. The print-quality pass walks every element of every spread
 * (about 50 ms on the 60-spread bench album), and run in the frame of a change it put an undo of a 50-element move
 * at two to three frames to paint (issue 23). The canvas badges and the top bar's list follow within
 * PREFLIGHT_CATCH_UP_MS, in a transition.
 */
function useIdleDocument(): AlbumDocument {
  const editor = useEditor();
  const [doc, setDoc] = useState(() => editor.documentState.current);
  useEffect(() => {
    let waiting: (() => void) | undefined;
    const catchUp = () => {
      waiting = undefined;
      startTransition(() => setDoc(editor.documentState.current));
    };
    const unsubscribe = editor.documentState.doc.subscribe(() => {
      waiting ??= whenIdle(catchUp);
    });
    // A change between the first render and this subscription.
    if (editor.documentState.current !== doc) waiting = whenIdle(catchUp);
    return () => {
      unsubscribe();
      waiting?.();
    };
    // The first document only matters until the subscription exists.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editor]);
  return doc;
}

/** Runs `callback` in idle time (within PREFLIGHT_CATCH_UP_MS at the latest); answers how to cancel it. */
function whenIdle(callback: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(callback, { timeout: PREFLIGHT_CATCH_UP_MS });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(callback, 0);
  return () => clearTimeout(handle);
}

/** The album's print-quality list (SPEC §8) for the open document, with translated messages (canvas badges). */
export function useAlbumPreflight(registry: ImageRegistry): QualityEntry[] {
  const { t } = useTranslation();
  const doc = useIdleDocument();
  return usePreflight(doc, registry, t);
}

/** The top bar's list: the order preflight and the print-quality check, recomputed as the document changes. */
export function useTopBarPreflight(registry: ImageRegistry): TopBarPreflightEntry[] {
  const { t } = useTranslation();
  const doc = useIdleDocument();
  const quality = usePreflight(doc, registry, t);
  return useMemo(
    () => mergePreflight(doc, albumPreflight(doc, imagePixels(doc, registry)), quality, t),
    // `quality` changes whenever the registry's contents do, so the pixels read here are current.
    [doc, registry, quality, t],
  );
}

/** Every sticker cell the order preflight finds empty (packages/model `albumPreflight`, EMPTY_STICKER_CELL). */
export function emptyStickerCellIds(doc: AlbumDocument): string[] {
  return albumPreflight(doc, new Map()).flatMap((entry) =>
    entry.code === 'EMPTY_STICKER_CELL' && entry.element_id ? [entry.element_id] : [],
  );
}

/**
 * "Remove empty sticker cells" (issue 22): every empty cell goes in one `editor.change`, so it is one history entry
 * and one undo brings them all back. Answers whether anything changed.
 */
export function removeEmptyStickerCells(editor: Editor): boolean {
  const ids = emptyStickerCellIds(editor.doc);
  return ids.length > 0 && editor.change('remove_empty_sticker_cells', (doc) => deleteElements(doc, ids));
}

/**
 * The popover's button: a confirm that says how many, then `removeEmptyStickerCells`. The cells are read again
 * when confirmed, since a collaborator may have filled or added some while the modal was open.
 */
export function useRemoveEmptyStickerCells(): () => Promise<boolean> {
  const editor = useEditor();
  const { t } = useTranslation();
  return async () => {
    const count = emptyStickerCellIds(editor.doc).length;
    if (count === 0) return false;
    const confirmed = await confirm({
      title: t('albumProblems.removeEmpty.title'),
      message: t('albumProblems.removeEmpty.message', { count }),
      confirmLabel: t('albumProblems.removeEmpty.confirm', { count }),
      danger: true,
    });
    return confirmed && removeEmptyStickerCells(editor);
  };
}

/** Shows a spread the way the page box does: the whole spread in view, the entry's element selected. */
export function useJumpToSpread(): (spreadId: string, elementId?: string) => void {
  const editor = useEditor();
  return (spreadId, elementId) => {
    editor.select(elementId && editor.doc.nodes[elementId] ? [elementId] : []);
    editor.zoomToFitSpread(spreadId);
  };
}

/** How long the shell may still settle its layout and refit the first spread (EditorCanvas useInitialFit). */
const SETTLE_MS = 1100;

/**
 * `?spread=<id>`: the checkout's album errors open the editor at their spread. The editor first fits its first
 * spread while the layout settles, so the jump repeats until then; the parameter is dropped afterwards, so a
 * reload starts as usual.
 */
export function useSpreadFromUrl(): void {
  const editor = useEditor();
  const location = useLocation();
  const navigate = useNavigate();
  const spreadId = new URLSearchParams(location.search).get('spread');
  useEffect(() => {
    if (!spreadId || !editor.doc.nodes[spreadId]) return;
    const fit = () => editor.zoomToFitSpread(spreadId);
    fit();
    const off = editor.cameraController.viewport.subscribe(fit);
    const last = setTimeout(() => {
      off();
      fit();
      const params = new URLSearchParams(location.search);
      params.delete('spread');
      const search = params.toString();
      void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
    }, SETTLE_MS);
    return () => {
      clearTimeout(last);
      off();
    };
    // The jump runs once per spread asked for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [spreadId, editor]);
}
