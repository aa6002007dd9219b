/**
 * The house rules that `npm run lint` checks (STYLE.md "For us that means"): no import circles, and the album
 * model is a package of its own that knows nothing of the server or the web app. `npm run lint:deps` cruises the
 * model, the server, the browser tests and the benchmarks. Known limitation: web/src still has import circles
 * (the editor's tools and the `Editor` type, toolbar controls, editor-tab panels); it joins the check once they
 * are untangled (`npx depcruise web/src --config .dependency-cruiser.cjs` lists them).
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Imports run downhill: a circle means a module needs what it is needed by (e.g. AppContext in app.ts ' +
        'was imported back by most of the server). A type import counts too.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'model-imports-nothing-of-server-or-web',
      severity: 'error',
      comment: 'packages/model is shared by both sides and depends on neither (DESIGN.md "Layout").',
      from: { path: '^packages/model/' },
      to: { path: '^(server|web)/' },
    },
  ],
  options: {
    // Type-only imports count: a type circle is still a circle for the reader.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
