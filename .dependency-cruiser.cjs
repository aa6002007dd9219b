/**
 * The house rules that `npm run lint` checks (STYLE.md "For us that means"): no import circles, and the album
 * model is a package of its own that knows nothing of the server or the web app. `npm run lint:deps` cruises the
 * model, the API contract, the server, the web app, the browser tests and the benchmarks. The one accepted circle
 * is the editor engine's type-only one (`Editor` and its managers), named in its own rule below.
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
      to: {
        circular: true,
        // The one exception, the type-only circle of the editor engine: see the next rule.
        viaOnly: { pathNot: '^web/src/editor/Editor\\.ts$' },
      },
    },
    {
      name: 'editor-managers-import-the-editor-as-a-type',
      severity: 'error',
      comment:
        'The editor engine (web/src/editor/Editor.ts) owns its managers (tools, selection, camera, edit modes, ' +
        "input, actions) and each manager is handed the editor and names its type: tldraw's accepted pattern " +
        '(StateNode and its `editor: Editor`). The circle exists for the type checker only; at run time the ' +
        'managers never load Editor.ts. A value import back would make it a real circle, so only `import type` ' +
        'may close it.',
      from: { path: '^web/src/' },
      to: { path: '^web/src/editor/Editor\\.ts$', circular: true, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'product-code-imports-no-test-fixtures',
      severity: 'error',
      comment:
        'Test documents and the fuzzer (`@stickerbook/model/testing`) are for tests, browser tests and benchmarks; ' +
        'product code that imported them would ship them and could come to depend on their made-up data.',
      from: {
        path: '^(server/src|web/src|packages/[^/]+/src)/',
        pathNot: ['[.]test[.]tsx?$', '(^|/)test-support[.]tsx?$', '^packages/model/src/testing/'],
      },
      to: { path: '^packages/model/src/testing/' },
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
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
