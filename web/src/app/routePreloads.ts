/**
 * The screens whose chunks index.html asks for before the app's entry has run (web/vite-route-preload.ts): the
 * editor, the page whose cold open has a target of its own (issue 23). The pattern is routeTable.ts's editor route
 * less the routes that win over it; routePreloads.test.ts keeps the two equal, path by path.
 */
export const ROUTE_PRELOADS = [
  {
    screen: 'editor',
    pattern:
      /^\/album\/(?!new(?:\/|$))[^/]+(?!\/(?:checkout|migrate)\/?$)(?!\/preview\/[^/]+\/?$)(?:\/[^/]+){0,3}\/?$/,
    module: 'src/features/editor-shell/EditorRoute.tsx',
  },
] as const;
