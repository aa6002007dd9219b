/**
 * The house rules that `npm run lint` checks (STYLE.md "For us that means"): no import circles, the album model is
 * a package of its own that knows nothing of the server or the web app, and the server is built in layers
 * (DESIGN.md "Server layout"): shared floors at the bottom, feature folders above them, the assembly on top.
 * `npm run lint:deps` cruises the model, the API contract, the server, the web app, the browser tests and the
 * benchmarks. The one accepted circle is the editor engine's type-only one (`Editor` and its managers), named in
 * its own rule below. `npx depcruise server/src --config .dependency-cruiser.cjs --output-type ddot` draws the
 * server's folders.
 */

/** The server's shared floors (DESIGN.md "Server layout"): they import each other and packages, never a feature. */
const SERVER_FLOORS = [
  'db/',
  'http/',
  'config/',
  'storage/',
  'jobs/',
  'realtime/',
  'providers/',
  'auth/',
  // The languages once, and the one exact money, date and number format (mails, labels, documents).
  'i18n/',
  // A4 document layout for the invoice and the delivery note.
  'pdf/',
  // The album document (snapshot + mutation log) that nearly every feature reads (DESIGN.md "The album document").
  'album-store/',
  'context\\.ts$',
].join('|');

/** The server's assembly: what builds the app, registers the routes and workers, and starts the process. */
const SERVER_ASSEMBLY = [
  'app\\.ts$',
  'api-routes\\.ts$',
  'deployment-features\\.ts$',
  'workers\\.ts$',
  'main\\.ts$',
  // First-start data for many features, run by main.ts.
  'seeds/',
].join('|');

/**
 * Feature folders that truly share a rule and so import each other, each pair named once with its reason. Keep
 * them few; a pair never grows to three.
 */
const SERVER_FOLDER_PAIRS = {
  orders: {
    partner: 'invoices',
    reason:
      'an invoice is issued, frozen and credited as an order transition (orders/actions/issue-invoice.ts, ' +
      'invoice-freeze.ts), and the invoice document is drawn from the order it covers (invoices/order-invoice-data.ts)',
  },
  invoices: { partner: 'orders', reason: 'see orders' },
};

/** @type {import('dependency-cruiser').IConfiguration} */
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
    {
      name: 'server-floor-imports-no-feature',
      severity: 'error',
      comment:
        'A shared floor (SERVER_FLOORS) is what every feature stands on; a floor that imports a feature ties ' +
        'all features to that one. Hand the feature part in from the assembly instead (app.ts gives realtime ' +
        'the album sync service).',
      from: { path: `^server/src/(${SERVER_FLOORS})` },
      to: { path: '^server/src/', pathNot: `^server/src/(${SERVER_FLOORS})` },
    },
    {
      name: 'server-feature-imports-no-assembly',
      severity: 'error',
      comment:
        'The assembly (SERVER_ASSEMBLY) puts the features together; a feature that imports it imports every ' +
        'other feature with it. Features import the floors, e.g. context.ts for what app.ts decorates.',
      from: { path: '^server/src/', pathNot: `^server/src/(${SERVER_ASSEMBLY})` },
      to: { path: `^server/src/(${SERVER_ASSEMBLY})` },
    },
    {
      name: 'server-folders-form-no-circle',
      severity: 'error',
      comment:
        'Seen by folder, the server was one tangle of 20 folders. Two folders that import each other, directly ' +
        'or round a circle, are one feature in two places. Only the pairs in SERVER_FOLDER_PAIRS may, each ' +
        'with its reason; a pair never joins a third folder.',
      scope: 'folder',
      from: { path: `^server/src/(?!(${Object.keys(SERVER_FOLDER_PAIRS).join('|')})(/|$))` },
      to: { circular: true },
    },
    ...Object.entries(SERVER_FOLDER_PAIRS).map(([folder, { partner, reason }]) => ({
      name: `server-folders-form-no-circle-but-${folder}-with-${partner}`,
      severity: 'error',
      comment: `As server-folders-form-no-circle; ${folder} and ${partner} may import each other: ${reason}`,
      scope: 'folder',
      from: { path: `^server/src/${folder}(/|$)` },
      to: { circular: true, path: `^server/src/(?!(${folder}|${partner})(/|$))` },
    })),
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
