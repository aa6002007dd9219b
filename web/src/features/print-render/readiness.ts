import type { RenderedLayout, RenderWindowProtocol } from '@stickerbook/model';

const protocol = () => window as unknown as RenderWindowProtocol;

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/** Every image the page draws (SVG <image> and HTML <img>) has loaded or failed. */
async function imagesLoaded(root: ParentNode): Promise<void> {
  const urls = new Set<string>();
  root.querySelectorAll('image').forEach((el) => {
    const href = el.getAttribute('href') ?? el.getAttribute('xlink:href');
    if (href) urls.add(href);
  });
  root.querySelectorAll('img').forEach((el) => el.currentSrc && urls.add(el.currentSrc));
  // `load`, not `decode()`: print embeds JPEG bytes as they are, so decoding 48 large photos first would only
  // cost time. The request hits the cache entry the <image> element already started.
  await Promise.all(
    [...urls].map(
      (url) =>
        new Promise<void>((resolve) => {
          const img = new Image();
          img.onload = () => resolve();
          img.onerror = () => resolve();
          img.src = url;
        }),
    ),
  );
}

/**
 * SPEC §2 readiness for the export worker: after the sheets are in the DOM, wait for layout, web fonts
 * (document.fonts.ready) and images, then publish the layout and `__renderReady = true`.
 */
export async function announceReady(root: ParentNode, layout: RenderedLayout): Promise<void> {
  await nextFrame();
  await nextFrame();
  await document.fonts.ready;
  await imagesLoaded(root);
  // Late font loads triggered by text that only now got laid out (AUTOSIZE re-runs).
  await nextFrame();
  await document.fonts.ready;
  const w = protocol();
  w.__renderLayout = layout;
  w.__renderShowPages = async (from, to) => {
    root.querySelectorAll<HTMLElement>('[data-print-sheet]').forEach((sheet, i) => {
      sheet.hidden = i < from || i >= to;
    });
    await nextFrame();
  };
  w.__renderReady = true;
}

export function announceError(code: string): void {
  protocol().__renderError = code;
}
