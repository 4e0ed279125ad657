// Lint for the whole repository: TypeScript with typescript-eslint's strict type-checked rules
// (through tsconfig.test.json, which covers src, test, examples, scripts, bench and the config
// files), and plain JavaScript rules for the .mjs/.cjs scripts, which type information cannot reach.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

// The Node globals our scripts use. Spelled out rather than taken from the `globals` package,
// which is not a dependency.
const nodeGlobals = Object.fromEntries(
  [
    'AbortController', 'AbortSignal', 'Blob', 'Buffer', 'DOMException', 'Event', 'EventTarget', 'FormData',
    'Headers', 'Request', 'Response', 'TextDecoder', 'TextEncoder', 'URL', 'URLSearchParams', 'clearImmediate',
    'clearInterval', 'clearTimeout', 'console', 'crypto', 'fetch', 'performance', 'process', 'queueMicrotask',
    'setImmediate', 'setInterval', 'setTimeout', 'structuredClone',
  ].map((name) => [name, 'readonly']),
);
const commonJsGlobals = Object.fromEntries(
  ['require', 'module', 'exports', '__dirname', '__filename'].map((name) => [name, 'readonly']),
);

export default defineConfig(
  // The TypeScript consumer of the pack test imports the installed package, so it is checked by
  // tsc in test/pack/run.mjs, not here.
  globalIgnores(['dist/', 'node_modules/', 'coverage/', '.tmp/', '**/*.tgz', 'test/pack/fixtures/**/*.{ts,cts,mts}']),
  js.configs.recommended,
  {
    files: ['**/*.ts', '**/*.mts', '**/*.cts'],
    extends: [tseslint.configs.strictTypeChecked],
    languageOptions: {
      parserOptions: {
        project: './tsconfig.test.json',
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      // A `!` needs a reason: write it in an eslint-disable-next-line comment where it holds.
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { prefer: 'type-imports', fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/consistent-type-exports': 'error',
      // Numbers and booleans read naturally in messages; objects and nullish values do not.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
    },
  },
  {
    files: ['src/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'No default exports in src/: export a name.' },
        {
          selector: "ExportSpecifier[exported.name='default']",
          message: 'No default exports in src/: export a name.',
        },
      ],
    },
  },
  {
    // A family's instance fields are declared by an interface merged with its class and derived
    // from the family's table in src/contract/class-fields.ts: `interface ToolError extends
    // FieldsOf<typeof TOOL_FIELDS> {}`, and the base fields of every error likewise from BASE_FIELDS
    // (`interface FaultlineError<Options ...> extends BaseFields {}`, which must repeat the class's
    // type parameter). They have no members of their own, which these three rules would report.
    files: ['src/errors/**', 'src/base/faultline-error.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-declaration-merging': 'off',
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      '@typescript-eslint/no-unused-vars': ['error', { varsIgnorePattern: '^Options$' }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module', globals: nodeGlobals },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { ecmaVersion: 'latest', sourceType: 'commonjs', globals: { ...nodeGlobals, ...commonJsGlobals } },
  },
);
