/**
 * The canvas's one SVG: the album drawn by the shared renderer (RenderRoot + SpreadContent), spreads stacked
 * 60 mm apart (engine `spreadLayout`), only the spreads in view (engine culling). The camera is one transform
 * on one group, so panning and zooming re-render nothing below it; the drawn document is `displayDoc` (the
 * committed document, or a resize/rotate/crop preview of it).
 *
 * A spread leaving the view is hidden (`display: none`, not drawn) and unmounted a few seconds later in idle
 * time, a few spreads per idle period: zooming from the whole album onto one spread then hides 59 spreads
 * instead of unmounting ~1,000 elements within the frame, and zooming back out shows them again at once.
 */
import {
  memo,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { SPREAD_HEIGHT_MM, SPREAD_WIDTH_MM } from '@stickerbook/model';
import {
  RenderRoot,
  SpreadContent,
  variantForZoom,
  type ImageSizeFor,
  type ImageUrlFor,
} from '../../../render/index.ts';
import { BLEED_MM } from '../../../render/units.ts';
import { spreadLayout } from '../../camera/layout.ts';
import { useAtomValue, useVisibleSpreadIds } from '../../react.ts';
import { useEditor } from '../EditorContext.tsx';
import { useDerived } from '../useEditorValue.ts';
import { useStickerTemplates } from '../../../features/editor-tabs/api.ts';
import { MovePrepaint } from './movePrepaint.ts';

export function WorldLayer({
  worldRef,
  imageUrlFor,
  imageSizeFor,
}: {
  worldRef: RefObject<SVGSVGElement | null>;
  imageUrlFor?: ImageUrlFor;
  imageSizeFor?: ImageSizeFor;
}) {
  const editor = useEditor();
  const [prepaint] = useState(() => new MovePrepaint(editor.displayDoc.get(), () => worldRef.current));
  useLayoutEffect(
    () =>
      editor.displayDoc.subscribe(() =>
        prepaint.change(editor.displayDoc.get(), editor.dragDelta.get() !== null),
      ),
    [editor, prepaint],
  );
  return (
    <DocumentRoot prepaint={prepaint} imageUrlFor={imageUrlFor} imageSizeFor={imageSizeFor}>
      <svg
        ref={worldRef}
        width="100%"
        height="100%"
        style={{ position: 'absolute', inset: 0, display: 'block' }}
        data-testid="editor-world"
      >
        <defs>
          <clipPath id="editor-trim" clipPathUnits="userSpaceOnUse">
            <rect width={SPREAD_WIDTH_MM} height={SPREAD_HEIGHT_MM} />
          </clipPath>
          <clipPath id="editor-bleed" clipPathUnits="userSpaceOnUse">
            <rect
              x={-BLEED_MM}
              y={-BLEED_MM}
              width={SPREAD_WIDTH_MM + 2 * BLEED_MM}
              height={SPREAD_HEIGHT_MM + 2 * BLEED_MM}
            />
          </clipPath>
        </defs>
        <CameraGroup>
          <SpreadList />
        </CameraGroup>
      </svg>
    </DocumentRoot>
  );
}

function DocumentRoot({
  prepaint,
  children,
  imageUrlFor,
  imageSizeFor,
}: {
  prepaint: MovePrepaint;
  children: ReactNode;
  imageUrlFor?: ImageUrlFor;
  imageSizeFor?: ImageSizeFor;
}) {
  const editor = useEditor();
  // A change the DOM shows already (a move, `movePrepaint.ts`) renders after the paint; any other, at once.
  const latest = useAtomValue(editor.displayDoc);
  const doc = prepaint.drawn(latest, useDeferredValue(latest));
  useLayoutEffect(() => prepaint.committed(doc), [prepaint, doc]);
  const meta = useAtomValue(editor.meta);
  const settings = useAtomValue(editor.viewSettings);
  // Placed stickers are drawn in the album's frame template (SPEC §3), as in print.
  const templates = useStickerTemplates().data;
  // Only the resolution tier matters to the renderer; a zoom that stays within one tier re-renders nothing. A
  // new tier re-renders every element, so it is deferred: the zoomed frame shows first, sharper images after.
  const variant = useDeferredValue(
    useDerived([editor.camera], () => variantForZoom(editor.camera.get().zoom)),
  );
  return (
    <RenderRoot
      doc={doc}
      albumMeta={meta}
      imageVariant={variant}
      imageUrlFor={imageUrlFor}
      imageSizeFor={imageSizeFor}
      templates={templates}
      showStickers={settings.showStickers}
      printMode={settings.printPreview}
    >
      {children}
    </RenderRoot>
  );
}

function CameraGroup({ children }: { children: ReactNode }) {
  const editor = useEditor();
  const { x, y, zoom } = useAtomValue(editor.camera);
  return <g transform={`matrix(${zoom} 0 0 ${zoom} ${-x * zoom} ${-y * zoom})`}>{children}</g>;
}

/** How long a spread out of view stays mounted (hidden) before it is unmounted in idle time. */
const KEEP_HIDDEN_SPREAD_MS = 4000;
/** Spreads unmounted per idle period, so unmounting never takes a long task. */
const UNMOUNTED_PER_IDLE = 3;

function SpreadList() {
  const editor = useEditor();
  const visible = useVisibleSpreadIds(editor);
  const doc = useAtomValue(editor.displayDoc);
  const { printPreview, showBleed } = useAtomValue(editor.viewSettings);
  const layout = spreadLayout(doc);
  const mounted = useMountedSpreads(visible);
  const shown = new Set(visible);
  return (
    <>
      {layout.order.map((id) => {
        const rect = layout.rects.get(id);
        if (!rect || !mounted.has(id)) return null;
        return (
          <SpreadView
            key={id}
            id={id}
            x={rect.x}
            y={rect.y}
            guides={!printPreview}
            bleed={showBleed}
            hidden={!shown.has(id)}
          />
        );
      })}
    </>
  );
}

/** The spreads to keep mounted: those in view, and those that left it less than KEEP_HIDDEN_SPREAD_MS ago. */
function useMountedSpreads(visible: readonly string[]): ReadonlySet<string> {
  const [mounted, setMounted] = useState<ReadonlySet<string>>(() => new Set(visible));
  let current = mounted;
  if (visible.some((id) => !mounted.has(id))) {
    current = new Set([...mounted, ...visible]);
    setMounted(current);
  }
  const hiddenCount = current.size - visible.length;
  // The view the pending unmounting was scheduled for: while it stays, later batches need no new delay.
  const waitedFor = useRef<readonly string[] | null>(null);
  useEffect(() => {
    if (hiddenCount <= 0) return;
    const keep = new Set(visible);
    const unmountSome = () =>
      setMounted((previous) => {
        const next = new Set(previous);
        let removed = 0;
        for (const id of previous) {
          if (removed === UNMOUNTED_PER_IDLE) break;
          if (!keep.has(id)) {
            next.delete(id);
            removed++;
          }
        }
        return next;
      });
    let idle: number | undefined;
    const timer = setTimeout(
      () => {
        waitedFor.current = visible;
        idle = whenIdle(unmountSome);
      },
      waitedFor.current === visible ? 0 : KEEP_HIDDEN_SPREAD_MS,
    );
    return () => {
      clearTimeout(timer);
      if (idle !== undefined) cancelIdle(idle);
    };
  }, [visible, hiddenCount]);
  return current;
}

const whenIdle = (callback: () => void): number =>
  typeof requestIdleCallback === 'function'
    ? requestIdleCallback(callback, { timeout: 2000 })
    : (setTimeout(callback, 50) as unknown as number);
const cancelIdle = (handle: number): void =>
  typeof cancelIdleCallback === 'function' ? cancelIdleCallback(handle) : clearTimeout(handle);

const SpreadView = memo(function SpreadView(props: {
  id: string;
  x: number;
  y: number;
  guides: boolean;
  bleed: boolean;
  hidden: boolean;
}) {
  const { id, x, y, guides, bleed, hidden } = props;
  return (
    <g
      transform={`translate(${x} ${y})`}
      data-editor-spread={id}
      data-hidden={hidden || undefined}
      display={hidden ? 'none' : undefined}
    >
      <rect
        x={bleed ? -BLEED_MM + 1 : 1}
        y={bleed ? -BLEED_MM + 1.5 : 1.5}
        width={SPREAD_WIDTH_MM + (bleed ? 2 * BLEED_MM : 0)}
        height={SPREAD_HEIGHT_MM + (bleed ? 2 * BLEED_MM : 0)}
        fill="rgba(0,0,0,0.12)"
      />
      <g clipPath={`url(#${bleed ? 'editor-bleed' : 'editor-trim'})`}>
        <SpreadContent spreadId={id} showGuides={guides} hidden={hidden} />
      </g>
      {bleed && (
        <rect
          x={-BLEED_MM}
          y={-BLEED_MM}
          width={SPREAD_WIDTH_MM + 2 * BLEED_MM}
          height={SPREAD_HEIGHT_MM + 2 * BLEED_MM}
          fill="none"
          stroke="#e8590c"
          strokeWidth={0.3}
          strokeDasharray="1.5 1"
          pointerEvents="none"
          data-bleed-outline
        />
      )}
    </g>
  );
});
