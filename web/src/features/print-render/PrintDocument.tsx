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
import { PackStickerContent, StickerSheetContent } from './StickerSheetContent.tsx';

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

  const papers = useMemo(() => papersOf(geometries), [geometries]);
  return (
    <div ref={rootRef} className="print-root" data-print-root data-page-count={pages?.length ?? 0}>
      <style>{printCss(papers)}</style>
      {(pages ?? []).map((page, i) => (
        <Sheet
          key={i}
          index={i}
          page={page}
          geometry={geometries[i]}
          paper={papers.nameOf[i]}
          common={common}
          proof={!settings.includeBleed}
          album={data.album}
        />
      ))}
    </div>
  );
}

/** The CSS named pages of a file: one per sheet size, so a file can mix paper sizes (see printCss). */
interface Papers {
  sizes: Array<{ name: string; width: number; height: number }>;
  /** The named page of every sheet, in print order. */
  nameOf: string[];
}

function papersOf(geometries: readonly SheetGeometry[]): Papers {
  const byKey = new Map<string, { name: string; width: number; height: number }>();
  const nameOf = geometries.map(({ media }) => {
    const key = `${media.width}x${media.height}`;
    let paper = byKey.get(key);
    if (!paper) {
      paper = { name: `paper-${byKey.size + 1}`, width: media.width, height: media.height };
      byKey.set(key, paper);
    }
    return paper.name;
  });
  return { sizes: [...byKey.values()], nameOf };
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

/**
 * Every sheet on a CSS named page of its own paper size: the sheet plus PRINT_PAPER_SLACK_MM (Chromium rounds
 * paper sizes; the exact boxes are set afterwards). The export worker prints with the CSS page sizes, so one
 * file can hold sheets of several sizes (a sticker pack's wrapper and its stickers), each on its own paper with
 * the sheet at its top-left corner. The unnamed page is the first sheet's paper.
 */
function printCss({ sizes }: Papers): string {
  const size = (p: { width: number; height: number }) =>
    `size: ${p.width + PRINT_PAPER_SLACK_MM}mm ${p.height + PRINT_PAPER_SLACK_MM}mm; margin: 0`;
  const first = sizes[0] ?? { width: 210, height: 297 };
  const named = sizes.map((p) => `@page ${p.name} { ${size(p)} }`).join('\n');
  return `@page { ${size(first)} }
${named}
html, body { margin: 0; padding: 0; background: #ffffff; }
.print-sheet { position: relative; overflow: hidden; background: #ffffff; break-inside: avoid; }
.print-sheet[hidden] { display: none; }
.print-sheet:not([hidden]) ~ .print-sheet:not([hidden]) { break-before: page; }
@media print {
  /* The app's empty portals (dialogs, notifications) after the sheets are on the unnamed page: a change of named
     page is a forced break, so each would start a blank page of its own. */
  body > :not(:has([data-print-root])) { display: none !important; }
  /* The app root's screen layout (a flex column at least a viewport high) made Chromium shrink the whole file to
     two thirds as soon as its sheets were of different sizes. */
  body > :has([data-print-root]) { display: block !important; min-height: 0 !important; }
}
@media screen {
  body { background: #868e96; }
  .print-root { display: grid; gap: 24px; justify-content: center; padding: 24px; }
  .print-sheet { box-shadow: 0 2px 12px rgba(0, 0, 0, 0.3); }
}`;
}

interface SheetProps {
  /** The sheet's place in the file (0-based). */
  index: number;
  page: PrintPage;
  geometry: SheetGeometry;
  /** The CSS named page of its paper size. */
  paper: string;
  common: RenderCommon;
  proof: boolean;
  album: RenderData['album'];
}

function Sheet({ index, page, geometry, paper, common, proof, album }: SheetProps) {
  const { media, bleed, trim, bleedMm: b } = geometry;
  const at = { x: bleed.x, y: bleed.y };
  const attributes = {
    'data-print-sheet': page.kind,
    'data-spread-id': 'spreadId' in page ? page.spreadId : undefined,
    'data-side': page.kind === 'page' ? page.side : undefined,
    'data-page-number': page.kind === 'page' ? (page.pageNumber ?? '') : undefined,
    'data-pack': 'pack' in page ? page.pack : undefined,
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
    case 'sticker':
      content = (
        <PackStickerContent
          sticker={page.sticker}
          width={trim.width}
          height={trim.height}
          at={at}
          bleedMm={b}
          pageKey={`p${index}`}
          common={common}
        />
      );
      break;
  }
  return (
    <div
      className="print-sheet"
      style={{ width: `${media.width}mm`, height: `${media.height}mm`, page: paper }}
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
