import { useLayoutEffect, useRef, type CSSProperties } from 'react';
import type { AlbumSettings, RichText } from '@stickerbook/model';
import { DEFAULT_SIZE_PT, parseSpanStyles, sizeCss, spanCss } from './styles.ts';

/**
 * HTML is laid out at 10 CSS px per mm and scaled down by the SVG: layout stays independent of zoom,
 * integer layout metrics (scrollHeight) are precise to 0.1 mm for AUTOSIZE, and Chromium never sees
 * font sizes of a few pixels.
 */
const HTML_PX_PER_MM = 10;

interface RichTextHtmlProps {
  text: RichText;
  width: number;
  height: number;
  color: string;
  fonts: AlbumSettings['fonts'];
}

/** Rich text as real HTML text inside a foreignObject (stays selectable text in the PDF). */
export function RichTextHtml({ text, width, height, color, fonts }: RichTextHtmlProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const autosize = text.blocks.some((b) => b.spans.some((s) => s.styles.includes('AUTOSIZE')));
  const widthPx = width * HTML_PX_PER_MM;
  const heightPx = height * HTML_PX_PER_MM;

  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    if (!autosize) {
      box.style.removeProperty('--autosize');
      return;
    }
    let live = true;
    let shown: ResizeObserver | undefined;
    const fit = () => {
      if (!live) return;
      // Not laid out (a hidden spread in the editor): measure once it is drawn.
      if (box.getClientRects().length === 0 && typeof ResizeObserver === 'function') {
        shown ??= new ResizeObserver(() => {
          if (box.getClientRects().length === 0) return;
          shown?.disconnect();
          shown = undefined;
          fit();
        });
        shown.observe(box);
        return;
      }
      shrinkToFit(box, widthPx, heightPx);
    };
    fit();
    // Fonts arriving later change the metrics; fit again once they are in.
    void document.fonts?.ready.then(fit);
    return () => {
      live = false;
      shown?.disconnect();
    };
  }, [autosize, text, widthPx, heightPx, fonts]);

  const boxStyle: CSSProperties = {
    width: widthPx,
    height: heightPx,
    color,
    overflow: 'hidden',
    whiteSpace: 'pre-wrap',
    overflowWrap: 'break-word',
    margin: 0,
    padding: 0,
  };
  return (
    <g transform={`scale(${1 / HTML_PX_PER_MM})`}>
      <foreignObject width={widthPx} height={heightPx}>
        <div ref={boxRef} style={boxStyle} data-autosize={autosize || undefined}>
          {text.blocks.map((block, b) => {
            const spans = block.spans.map((span) => ({
              text: span.text,
              style: parseSpanStyles(span.styles),
            }));
            const sizes = spans.map((s) => s.style.sizePt ?? DEFAULT_SIZE_PT);
            const blockStyle: CSSProperties = {
              margin: 0,
              textAlign: block.align ?? 'left',
              lineHeight: (block.lineHeight ?? 150) / 100,
              // The line strut follows the block's largest span, not the browser's 16 px default.
              fontSize: sizeCss(sizes.length > 0 ? Math.max(...sizes) : DEFAULT_SIZE_PT, HTML_PX_PER_MM),
            };
            const empty = spans.every((s) => s.text === '');
            return (
              <p key={b} style={blockStyle}>
                {empty ? (
                  <br />
                ) : (
                  spans.map((s, i) => (
                    <span key={i} style={spanCss(s.style, fonts, HTML_PX_PER_MM)}>
                      {s.text}
                    </span>
                  ))
                )}
              </p>
            );
          })}
        </div>
      </foreignObject>
    </g>
  );
}

/** AUTOSIZE (SPEC §3): the largest factor <= 1 at which the text fits its box, by bisection. */
function shrinkToFit(box: HTMLDivElement, widthPx: number, heightPx: number): void {
  const fits = (factor: number) => {
    box.style.setProperty('--autosize', String(factor));
    return box.scrollHeight <= Math.ceil(heightPx) && box.scrollWidth <= Math.ceil(widthPx);
  };
  if (fits(1)) return;
  let low = 0.05;
  let high = 1;
  for (let i = 0; i < 12; i++) {
    const mid = (low + high) / 2;
    if (fits(mid)) low = mid;
    else high = mid;
  }
  box.style.setProperty('--autosize', String(low));
}
