import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';

/** The language catalogues, one chunk each, and how the app picks the visitor's (src/i18n/index.ts). */
export interface CataloguePreload {
  /** The catalogue module of a language, relative to web/ (the target of the app's `import()`). */
  module: (language: string) => string;
  languages: readonly string[];
  /** Always loaded beside the visitor's language (i18next's `fallbackLng`). */
  fallback: string;
  /** Where a chosen language is kept in localStorage. */
  storageKey: string;
}

/** The signed-in user's first token refresh, started with the preloads (src/auth/startupRefresh.ts). */
export interface StartupRefresh {
  url: string;
  /** The session in localStorage: the refresh starts when it is a user's. */
  storageKey: string;
  /** The global the response waits in for the app's API client. */
  global: string;
  /** The global the route's early read waits in, with its URL (src/auth/startupRefresh.ts `takeStartupRead`). */
  readGlobal: string;
}

export interface RoutePreload {
  /** The paths the screen answers, as a regular expression (kept equal to routeTable.ts by routePreload.test.ts). */
  pattern: RegExp;
  /** Whether a signed-in user's token refresh starts with the preloads: the screen's first data needs it. */
  refresh?: boolean;
  /**
   * The screen's first data, a GET started with the refreshed token as soon as the refresh answers; `{n}` stands
   * for the path's n-th segment. It must be the URL the screen's query asks for, or it is asked for twice.
   */
  read?: string;
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
export function routePreload(
  routes: readonly RoutePreload[],
  catalogues: CataloguePreload,
  refresh: StartupRefresh,
): Plugin {
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
          refresh: Boolean(route.refresh),
          read: route.read ?? '',
          ...filesOf(bundle, resolve(root, route.module)),
        }));
        const catalogueFiles = Object.fromEntries(
          catalogues.languages.map((language) => {
            const { scripts } = filesOf(bundle, resolve(root, catalogues.module(language)));
            if (scripts.length !== 1)
              throw new Error(`route preload: the ${language} catalogue is not one chunk`);
            return [language, scripts[0]];
          }),
        );
        // The visitor's catalogue first, picked as src/i18n/index.ts's detector does (the stored choice, else the
        // browser's languages in order): the first render waits for it, and asked for after the route's ~60
        // chunks it queued behind them on HTTP/1.1's six connections.
        //
        // Every link asks in the credentials mode the app's own loads use (Vite's chunks and stylesheets are
        // `crossorigin`): a stylesheet preloaded without it was not used, and fetched a second time.
        //
        // A signed-in user's refresh goes first, and the route's first data (the editor's album) as soon as it
        // answers, with its token: asked for by the app's entry, the album went out only once the entry had run,
        // and arrived ~200 ms after the route's last chunk; now it arrives with them. (The route's chunks at low
        // priority let the album overtake them, but Chromium then loads fewer of them at a time, and the last
        // came ~200 ms later: measured and left out.)
        const source = `(function(){var add=function(rel,href,as){var l=document.createElement('link');l.rel=rel;l.href='/'+href;if(as)l.as=as;l.crossOrigin='';document.head.appendChild(l)};
var catalogues=${JSON.stringify(catalogueFiles)},fallback=${JSON.stringify(catalogues.fallback)},wanted=[],language=fallback;
try{var stored=localStorage.getItem(${JSON.stringify(catalogues.storageKey)});if(stored)wanted.push(stored)}catch(e){}
wanted=wanted.concat(navigator.languages||[],navigator.language?[navigator.language]:[]);
for(var j=0;j<wanted.length;j++){var code=String(wanted[j]).slice(0,2).toLowerCase();if(catalogues[code]){language=code;break}}
add('modulepreload',catalogues[language]);if(language!==fallback)add('modulepreload',catalogues[fallback]);
var routes=${JSON.stringify(table)};var path=location.pathname;
for(var i=0;i<routes.length;i++){if(!new RegExp(routes[i].pattern).test(path))continue;
if(routes[i].refresh){try{var session=JSON.parse(localStorage.getItem(${JSON.stringify(refresh.storageKey)})||'null');
if(session&&session.kind==='user'){var answer=fetch(${JSON.stringify(refresh.url)},{method:'POST',headers:{Accept:'application/json','Accept-Language':language}});
answer.catch(function(){});window[${JSON.stringify(refresh.global)}]=answer;
if(routes[i].read){var url=routes[i].read.replace(/\\{(\\d+)\\}/g,function(m,n){return path.split('/')[n]||''});
window[${JSON.stringify(refresh.readGlobal)}]={url:url,response:answer.then(function(r){if(!r.ok)return;
return r.clone().json().then(function(t){return fetch(url,{headers:{Accept:'application/json','Accept-Language':language,Authorization:'Bearer '+t.access_token}})})}).catch(function(){})}}}}catch(e){}}
routes[i].scripts.forEach(function(f){add('modulepreload',f)});routes[i].styles.forEach(function(f){add('preload',f,'style')});break}})();
`;
        named = [
          ...Object.values(catalogueFiles),
          ...table.flatMap((route) => [...route.scripts, ...route.styles]),
        ];
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
        // First in the head and asked for at high priority: an async script is otherwise fetched last, after the
        // entry's dozen chunks, and the route's chunks and the catalogue started only when it came.
        return [
          {
            tag: 'script',
            attrs: { async: true, fetchpriority: 'high', src: `/${fileName}` },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}
