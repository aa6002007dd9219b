import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import {
  PAGE_WIDTH_MM,
  PRINT_PAPER_SLACK_MM,
  extendBackgroundsIntoBleed,
  imageVariantFor,
  printPages,
  sheetGeometry,
  spreadsInOrder,
  trimSizeOf,
  type AlbumDocument,
  type PrintPage,
  type PrintSettings,
  type SheetGeometry,
  type StickerTemplate,
} from '@stickerbook/model';
import { fontStack, resolveColor } from '../../render/index.ts';
import { announceError, announceReady } from './readiness.ts';
import { imageUrlsOf, type RenderData } from './renderData.ts';
import { SheetMarks } from './SheetMarks.tsx';
import { SpreadPanel, type RenderCommon } from './SpreadPanel.tsx';
import { StickerPackContent } from './StickerPackContent.tsx';
import { StickerSheetContent } from './StickerSheetContent.tsx';

/** SPEC §9 "spine red" in proof renders (anything without bleed is a proof, not a print file). */
const PROOF_SPINE_COLOR = '#e03131';
/** A spine narrower than this carries no title. */
const SPINE_TITLE_MIN_MM = 4;

interface Props {
  data: RenderData;
  settings: PrintSettings;
}

/** Every output page of a render, in print order, each an exactly sized sheet with bleed and crop marks. */
export function PrintDocument({ data, settings }: Props) {
  const rootRef = useRef<HTMLDivElement>(null);
  const pages = useMemo(() => printPages(data.workspace, settings), [data.workspace, settings]);
  const doc = useMemo(
    () => printDocument(data.workspace, pages ?? [], settings),
    [data.workspace, pages, settings],
  );
  const { imageUrlFor, imageSizeFor } = useMemo(() => imageUrlsOf(data), [data]);
  const common = useMemo<RenderCommon>(
    () => ({
      doc,
      albumMeta: {
        title: data.album.title,
        releaseDate: data.album.releaseDate,
        language: data.album.language,
      },
      imageUrlFor,
      imageSizeFor,
      imageVariant: imageVariantFor(settings.resolution, settings.dpi),
      printMode: true,
      showStickers: settings.showStickers,
      templates: data.templates as unknown as Record<number, StickerTemplate>,
    }),
    [doc, data, imageUrlFor, imageSizeFor, settings],
  );
  const geometries = useMemo(
    () =>
      (pages ?? []).map((page) => sheetGeometry(trimSizeOf(page).width, trimSizeOf(page).height, settings)),
    [pages, settings],
  );

  useEffect(() => {
    if (!pages) {
      announceError('INVALID_RANGE');
      return;
    }
    const root = rootRef.current;
    if (!root) return;
    void announceReady(root, {
      pageCount: pages.length,
      title: data.album.title,
      sheets: geometries.map(({ media, bleed, trim }) => ({ media, bleed, trim })),
    });
  }, [pages, geometries, data.album.title]);

  const media = geometries[0]?.media;
  return (
    <div ref={rootRef} className="print-root" data-print-root data-page-count={pages?.length ?? 0}>
      <style>{printCss(media?.width ?? 210, media?.height ?? 297)}</style>
      {(pages ?? []).map((page, i) => (
        <Sheet
          key={i}
          page={page}
          geometry={geometries[i]}
          common={common}
          proof={!settings.includeBleed}
          album={data.album}
        />
      ))}
    </div>
  );
}

/** The document as printed: backgrounds that stop at the trim reach into the bleed (and into the spine). */
function printDocument(
  doc: AlbumDocument,
  pages: readonly PrintPage[],
  settings: PrintSettings,
): AlbumDocument {
  const bleed = settings.includeBleed ? sheetGeometry(1, 1, settings).bleedMm : 0;
  const cover = pages.find((p) => p.kind === 'cover');
  if (cover?.kind === 'cover')
    return extendBackgroundsIntoBleed(doc, [cover.spreadId], bleed, cover.cover.spineMm / 2);
  if (bleed === 0) return doc;
  return extendBackgroundsIntoBleed(
    doc,
    spreadsInOrder(doc).map((s) => s.id),
    bleed,
  );
}

/** The sheets on paper of exactly the size the export worker prints on (see PRINT_PAPER_SLACK_MM). */
function printCss(widthMm: number, heightMm: number): string {
  return `@page { size: ${widthMm + PRINT_PAPER_SLACK_MM}mm ${heightMm + PRINT_PAPER_SLACK_MM}mm; margin: 0 }
html, body { margin: 0; padding: 0; background: #ffffff; }
.print-sheet { position: relative; overflow: hidden; background: #ffffff; break-inside: avoid; }
.print-sheet[hidden] { display: none; }
.print-sheet:not([hidden]) ~ .print-sheet:not([hidden]) { break-before: page; }
@media screen {
  body { background: #868e96; }
  .print-root { display: grid; gap: 24px; justify-content: center; padding: 24px; }
  .print-sheet { box-shadow: 0 2px 12px rgba(0, 0, 0, 0.3); }
}`;
}

interface SheetProps {
  page: PrintPage;
  geometry: SheetGeometry;
  common: RenderCommon;
  proof: boolean;
  album: RenderData['album'];
}

function Sheet({ page, geometry, common, proof, album }: SheetProps) {
  const { media, bleed, trim, bleedMm: b } = geometry;
  const at = { x: bleed.x, y: bleed.y };
  const attributes = {
    'data-print-sheet': page.kind,
    'data-spread-id': 'spreadId' in page ? page.spreadId : undefined,
    'data-side': page.kind === 'page' ? page.side : undefined,
    'data-page-number': page.kind === 'page' ? (page.pageNumber ?? '') : undefined,
  };
  let content: ReactNode;
  let foldsX: number[] = [];
  let overlay: ReactNode = null;
  switch (page.kind) {
    case 'page':
    case 'spread': {
      const r = page.region;
      content = (
        <SpreadPanel
          spreadId={page.spreadId}
          region={{ x: r.x - b, y: r.y - b, width: r.width + 2 * b, height: r.height + 2 * b }}
          at={at}
          common={common}
        />
      );
      break;
    }
    case 'cover': {
      const { cover } = page;
      const half = cover.spineMm / 2;
      const height = cover.height + 2 * b;
      content = (
        <>
          <SpreadPanel
            spreadId={page.spreadId}
            region={{ x: -b, y: -b, width: b + PAGE_WIDTH_MM + half, height }}
            at={at}
            common={common}
          />
          <SpreadPanel
            spreadId={page.spreadId}
            region={{ x: PAGE_WIDTH_MM - half, y: -b, width: half + PAGE_WIDTH_MM + b, height }}
            at={{ x: trim.x + cover.front.x - half, y: at.y }}
            common={common}
          />
        </>
      );
      foldsX = [cover.spine.x, cover.spine.x + cover.spine.width];
      overlay = (
        <Spine
          geometry={geometry}
          x={cover.spine.x}
          width={cover.spineMm}
          proof={proof}
          album={album}
          doc={common.doc}
        />
      );
      break;
    }
    case 'stickers':
      content = (
        <StickerSheetContent
          sheet={page.sheet}
          width={trim.width}
          height={trim.height}
          at={{ x: trim.x, y: trim.y }}
          bleedMm={b}
          marks={geometry.slugMm > 0}
          common={common}
        />
      );
      break;
    case 'stickerpack':
      content = (
        <StickerPackContent
          title={album.title}
          bleed={{ x: -b, y: -b, width: trim.width + 2 * b, height: trim.height + 2 * b }}
          at={at}
          common={common}
        />
      );
      break;
  }
  return (
    <div
      className="print-sheet"
      style={{ width: `${media.width}mm`, height: `${media.height}mm` }}
      {...attributes}
    >
      {content}
      <svg
        xmlns="http://www.w3.org/2000/svg"
        viewBox={`0 0 ${media.width} ${media.height}`}
        style={{
          position: 'absolute',
          left: 0,
          top: 0,
          width: `${media.width}mm`,
          height: `${media.height}mm`,
          display: 'block',
          pointerEvents: 'none',
        }}
      >
        {overlay}
        <SheetMarks geometry={geometry} foldsX={foldsX} />
      </svg>
    </div>
  );
}

function Spine({
  geometry,
  x,
  width,
  proof,
  album,
  doc,
}: {
  geometry: SheetGeometry;
  x: number;
  width: number;
  proof: boolean;
  album: RenderData['album'];
  doc: AlbumDocument;
}) {
  const { trim, bleedMm } = geometry;
  if (width <= 0) return null;
  const left = trim.x + x;
  if (proof) {
    return (
      <rect
        x={left}
        y={trim.y - bleedMm}
        width={width}
        height={trim.height + 2 * bleedMm}
        fill={PROOF_SPINE_COLOR}
        data-spine="proof"
      />
    );
  }
  if (!album.bookSpine || width < SPINE_TITLE_MIN_MM) return <g data-spine="print" />;
  const size = Math.min(width * 0.6, 6);
  return (
    <text
      data-spine="print"
      transform={`translate(${left + width / 2} ${trim.y + trim.height / 2}) rotate(90)`}
      textAnchor="middle"
      dominantBaseline="central"
      fontFamily={fontStack(doc.settings.fonts.title)}
      fontSize={size}
      fontWeight={700}
      fill={resolveColor(0, doc.settings.colors) ?? '#000000'}
    >
      {album.title}
    </text>
  );
}
