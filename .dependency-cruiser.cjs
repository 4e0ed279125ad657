// The layering of src/, checked by `npm run depcruise` (part of `npm test`). ARCHITECTURE.md draws
// the same picture. Each layer may import only the layers listed before it; a folder not listed
// here is an error too, so that a new folder has to take its place in the order on purpose.
// Type-only imports count: a type that points upwards is still an arrow the wrong way.

/** Bottom to top. Adapters (one folder each, added by later issues) sit above the entries' layer. */
const LAYERS = [
  ['foundation', 'leaf concepts: category, brand, JSON types, whole numbers, safe reads'],
  ['redaction', 'secret patterns and the redactor'],
  ['contract', 'the JSON shape: its types, key order, class field table, serialize options'],
  ['recognition', 'what a foreign thrown value stands for'],
  ['serialization', 'writing any value into the contract'],
  ['validation', 'checking untrusted input against the contract'],
  ['base', 'FaultlineError and its defaults'],
  ['errors', 'the families of error classes'],
  ['read-back', 'deserializeError and the class registry'],
  ['mapping', 'normalizeError (any value to its class, an error carried as serialized data read back) and serializeError (which normalizes first)'],
];
const ENTRY_FOLDERS = ['schema'];
const ADAPTERS = ['http', 'jsonrpc', 'retry', 'agent', 'restate', 'temporal', 'inngest', 'dbos', 'sentry', 'report'];
/** What several adapters share, bundled into each: no entry, imported by adapters alone, importing as they do. */
const ADAPTER_SHARED = ['durable'];
/** The package's command (`bin`): Node only, built on its own, importing the entries as an application does. */
const COMMAND = 'cli';

const folder = (name) => `^src/${name}/`;
const any = (names) => `^src/(${names.join('|')})/`;

const layerRules = LAYERS.map(([name, holds], index) => {
  const above = [...LAYERS.slice(index + 1).map(([upper]) => upper), ...ENTRY_FOLDERS, ...ADAPTERS, ...ADAPTER_SHARED, COMMAND];
  return {
    name: `layer-${name}`,
    comment: `src/${name}/ holds ${holds}. It may import only ${index === 0 ? 'nothing of faultline' : LAYERS.slice(0, index).map(([lower]) => `${lower}/`).join(', ')}: see ARCHITECTURE.md.`,
    severity: 'error',
    from: { path: folder(name) },
    to: { path: [any(above), '^src/index\\.ts$'] },
  };
});

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'An import cycle between files. Move what both need one layer down (ARCHITECTURE.md).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...layerRules,
    {
      name: 'known-folders-only',
      comment: 'A folder of src/ that has no place in the layers: add it to LAYERS, ENTRY_FOLDERS, ADAPTERS or ADAPTER_SHARED in .dependency-cruiser.cjs and to ARCHITECTURE.md.',
      severity: 'error',
      from: { path: '^src/', pathNot: [any([...LAYERS.map(([name]) => name), ...ENTRY_FOLDERS, ...ADAPTERS, ...ADAPTER_SHARED, COMMAND]), '^src/index\\.ts$'] },
      to: {},
    },
    {
      name: 'entries-are-not-imported',
      comment: 'The main entry (src/index.ts) is imported by the adapters alone: inside the core, import the module it re-exports.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/index\\.ts$', any([...ADAPTERS, ...ADAPTER_SHARED])] },
      to: { path: '^src/index\\.ts$' },
    },
    {
      name: 'adapters-use-the-main-entry',
      comment: "An adapter imports the core through the main entry (src/index.ts), which its build leaves as an import of 'faultline': so it shares the application's copy of the classes and the registry instead of bundling its own. Only foundation/, stateless leaf helpers, may be bundled in.",
      severity: 'error',
      from: { path: any([...ADAPTERS, ...ADAPTER_SHARED, COMMAND]) },
      to: { path: [any([...LAYERS.map(([name]) => name).filter((name) => name !== 'foundation'), ...ENTRY_FOLDERS])] },
    },
    ...ADAPTER_SHARED.map((name) => ({
      name: `only-adapters-import-${name}`,
      comment: `src/${name}/ holds what several adapters share, bundled into each: only an adapter imports it, and it imports no adapter.`,
      severity: 'error',
      from: { path: '^src/', pathNot: [folder(name), any(ADAPTERS)] },
      to: { path: folder(name) },
    })),
    ...ADAPTER_SHARED.map((name) => ({
      name: `${name}-imports-no-adapter`,
      comment: `src/${name}/ is shared by adapters, so it may not depend on one of them.`,
      severity: 'error',
      from: { path: folder(name) },
      to: { path: any(ADAPTERS) },
    })),
    ...[...ENTRY_FOLDERS, ...ADAPTERS].map((name) => ({
      name: `nothing-imports-${name}`,
      comment: `src/${name}/ is an entry of its own: nothing else in src/ imports it, but another adapter (or the command) may import its index.ts, which the build keeps as faultline/${name}.`,
      severity: 'error',
      from: { path: '^src/', pathNot: [folder(name), any([...ADAPTERS, COMMAND])] },
      to: { path: folder(name) },
    })),
    {
      name: 'adapters-import-adapters-by-their-entry',
      comment: "An adapter imports another adapter through that adapter's index.ts alone, which the build keeps as faultline/<name>.",
      severity: 'error',
      from: { path: `^src/(${ADAPTERS.join('|')})/` },
      to: { path: any(ADAPTERS), pathNot: ['^src/$1/', '^src/[^/]+/index\\.ts$'] },
    },
    {
      name: 'the-command-imports-entries',
      comment: `src/${COMMAND}/ is the package's command: it imports faultline/report through its index.ts (kept as faultline/report by its build), and only that adapter.`,
      severity: 'error',
      from: { path: folder(COMMAND) },
      to: { path: any(ADAPTERS), pathNot: ['^src/report/index\\.ts$'] },
    },
    {
      name: 'nothing-imports-the-command',
      comment: `src/${COMMAND}/ is the package's command (its bin): nothing in src/ imports it.`,
      severity: 'error',
      from: { path: '^src/', pathNot: folder(COMMAND) },
      to: { path: folder(COMMAND) },
    },
    {
      name: 'zod-only-in-schema',
      comment: 'zod is loaded by faultline/schema alone: the main entry and every other module stay free of it.',
      severity: 'error',
      from: { path: '^src/', pathNot: folder('schema') },
      to: { path: '(^|/)node_modules/zod/' },
    },
    {
      name: 'main-entry-reaches-no-dependency',
      comment: 'The main entry loads no runtime dependency (zod or any other) at import.',
      severity: 'error',
      from: { path: '^src/index\\.ts$' },
      to: { path: '(^|/)node_modules/', reachable: true },
    },
    {
      name: 'core-is-portable',
      comment: 'No Node-only built-in in the library: it runs in browsers and edge runtimes too. Only the command (src/cli/, the bin) runs on Node alone.',
      severity: 'error',
      from: { path: '^src/', pathNot: folder(COMMAND) },
      to: { dependencyTypes: ['core'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
