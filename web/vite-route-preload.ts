import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';

export interface RoutePreload {
  /** The paths the screen answers, as a regular expression (kept equal to routeTable.ts by routePreload.test.ts). */
  pattern: RegExp;
  /** The screen's module, relative to web/ (the target of its `import()` in src/app/screens.tsx). */
  module: string;
}

const STYLESHEET = /\.(?:css|less|sass|scss|styl|stylus|pcss|postcss|sss)(?:$|\?)/;

/** The chunk of `module` and every chunk it imports statically, with their stylesheets. */
function filesOf(bundle: OutputBundle, modulePath: string): { scripts: string[]; styles: string[] } {
  const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
  const start = chunks.find(
    (chunk) => chunk.facadeModuleId === modulePath || chunk.moduleIds.includes(modulePath),
  );
  if (!start) throw new Error(`route preload: no chunk holds ${modulePath}`);
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    // A chunk of stylesheets only (a lazy component's Mantine CSS) is dropped by Vite after this hook, leaving
    // its stylesheet: preload that, not the file that will not exist.
    if (!chunk.moduleIds.every((id) => STYLESHEET.test(id))) scripts.add(chunk.fileName);
    for (const css of (chunk as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ??
      [])
      styles.add(css);
    for (const name of chunk.imports) {
      const imported = byName.get(name);
      if (imported) visit(imported);
    }
  };
  visit(start);
  return { scripts: [...scripts], styles: [...styles] };
}

/**
 * A tiny classic script, loaded `async` from index.html, that asks for the opened route's chunks (modulepreload)
 * and stylesheets (preload) as soon as the HTML arrives. Without it the browser learns of them only once the entry
 * bundle has been downloaded and run and its `import()` of the screen starts; the editor's screen chunk and its
 * imports then waited behind the entry (issue 23, cold editor open). It is a file of its own because the CSP
 * allows no inline script, and carries no code of the app: only the file names this build gave the chunks.
 */
export function routePreload(routes: readonly RoutePreload[]): Plugin {
  let root = '';
  let fileName = '';
  let named: string[] = [];
  return {
    name: 'stickerbook-route-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle: {
      // Before vite:build-html writes index.html, which names this file.
      order: 'pre',
      handler(_options, bundle) {
        const table = routes.map((route) => ({
          pattern: route.pattern.source,
          ...filesOf(bundle, resolve(root, route.module)),
        }));
        const source = `(function(){var routes=${JSON.stringify(table)};var path=location.pathname;
for(var i=0;i<routes.length;i++){if(!new RegExp(routes[i].pattern).test(path))continue;
var add=function(rel,href,as){var l=document.createElement('link');l.rel=rel;l.href='/'+href;if(as)l.as=as;document.head.appendChild(l)};
routes[i].scripts.forEach(function(f){add('modulepreload',f)});routes[i].styles.forEach(function(f){add('preload',f,'style')});break}})();
`;
        named = table.flatMap((route) => [...route.scripts, ...route.styles]);
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
        fileName = `assets/route-preload-${hash}.js`;
        this.emitFile({ type: 'asset', fileName, source });
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler: (_html, context) => {
        // By now Vite has dropped the chunks it drops: every file named must still be there.
        const missing = named.filter((file) => context.bundle && !context.bundle[file]);
        if (missing.length > 0)
          throw new Error(`route preload names files the build has not: ${missing.join(', ')}`);
        return [{ tag: 'script', attrs: { async: true, src: `/${fileName}` }, injectTo: 'head' }];
      },
    },
  };
}
