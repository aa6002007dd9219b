import {
  albumPreflight,
  pageBoxLabel,
  spreadsInOrder,
  type AlbumDocument,
  type PreflightEntry as AlbumPreflightEntry,
} from '@stickerbook/model';
import type { TFunction } from 'i18next';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAtomValue } from '../../editor/react.ts';
import { useEditor } from '../../editor/ui/EditorContext.tsx';
import { usePreflight, type ImageRegistry, type PreflightEntry as QualityEntry } from '../images/index.ts';
import { imagePixels } from '../images/preflight.ts';

/** One line of the top bar's preflight list, with where it is fixed. */
export interface TopBarPreflightEntry {
  key: string;
  message: string;
  /** An error blocks the order (packages/model albumPreflight); a warning does not. */
  severity: 'error' | 'warning';
  spreadId?: string;
  elementId?: string;
  /** Where it is, as the page box names the spread ('1', '4-5'). */
  pages?: string;
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
    merged.push({
      key,
      message: t(`checkout.preflight.${entry.code}`, { name: sectionName(doc, entry.section_id) }),
      severity: 'error',
      spreadId: entry.spread_id,
      elementId: entry.element_id,
    });
  });
  const order = spreadsInOrder(doc).map((spread) => spread.id);
  for (const entry of merged) {
    const ordinal = entry.spreadId ? order.indexOf(entry.spreadId) : -1;
    if (ordinal >= 0) entry.pages = pageBoxLabel(ordinal, order.length);
  }
  return merged;
}

/** The album's print-quality list (SPEC §8) for the open document, with translated messages (canvas badges). */
export function useAlbumPreflight(registry: ImageRegistry): QualityEntry[] {
  const editor = useEditor();
  const { t } = useTranslation();
  const doc = useAtomValue(editor.documentState.doc);
  return usePreflight(doc, registry, t);
}

/** The top bar's list: the order preflight and the print-quality check, recomputed as the document changes. */
export function useTopBarPreflight(registry: ImageRegistry): TopBarPreflightEntry[] {
  const editor = useEditor();
  const { t } = useTranslation();
  const doc = useAtomValue(editor.documentState.doc);
  const quality = usePreflight(doc, registry, t);
  return useMemo(
    () => mergePreflight(doc, albumPreflight(doc, imagePixels(doc, registry)), quality, t),
    // `quality` changes whenever the registry's contents do, so the pixels read here are current.
    [doc, registry, quality, t],
  );
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
