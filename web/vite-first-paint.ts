import type { Plugin } from 'vite';

/**
 * Moves the built stylesheets from the head to the end of the body, after the first-paint shell in index.html:
 * a stylesheet in the head holds back every paint until it has arrived, one in the body only what follows it.
 * The shell has its own inline style, so on a slow phone connection the brand shows while the app's CSS and
 * scripts load; the app renders into #root only after its scripts ran, by which time the CSS is in.
 */
export function stylesAfterShell(): Plugin {
  return {
    name: 'stickerbook-styles-after-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links: string[] = [];
        const withoutLinks = html.replace(/\s*<link rel="stylesheet"[^>]*>/g, (link) => {
          links.push(link.trim());
          return '';
        });
        return withoutLinks.replace('</body>', `    ${links.join('\n    ')}\n  </body>`);
      },
    },
  };
}
