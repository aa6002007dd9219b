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
        // At high priority: the app's scripts wait for them (a script runs only once the stylesheets before it
        // have arrived), and in the body a stylesheet is otherwise asked for at medium priority, after the dozens
        // of chunks the route preloads (vite-route-preload.ts) on HTTP/1.1's six connections.
        const withoutLinks = html.replace(/\s*<link rel="stylesheet"[^>]*>/g, (link) => {
          links.push(link.trim().replace('<link ', '<link fetchpriority="high" '));
          return '';
        });
        return withoutLinks.replace('</body>', `    ${links.join('\n    ')}\n  </body>`);
      },
    },
  };
}
