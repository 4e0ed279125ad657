import { dirname, join } from 'node:path';
import { defineConfig } from 'tsup';

// The entries, each as ESM and CJS with its own declarations. zod is a dependency and stays
// external, so faultline/schema shares the application's copy of it. No source maps: the
// package ships readable, unminified JavaScript. Then the command (`npx faultline`, the package's
// `bin`): one ES module for Node, which imports faultline and faultline/report by name as an adapter does.
export default defineConfig([{
  entry: { index: 'src/index.ts', schema: 'src/schema/index.ts', http: 'src/http/index.ts', jsonrpc: 'src/jsonrpc/index.ts', retry: 'src/retry/index.ts', agent: 'src/agent/index.ts', restate: 'src/restate/index.ts', temporal: 'src/temporal/index.ts', inngest: 'src/inngest/index.ts', dbos: 'src/dbos/index.ts', sentry: 'src/sentry/index.ts', report: 'src/report/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  // Everything but the command, which the second build writes, perhaps first.
  clean: ['!cli.js'],
  target: 'es2022',
  // No splitting: for CJS, tsup builds split chunks by converting ESM with sucrase, which lowers
  // static fields into `(_class2 = class extends ...)` and loses every class name.
  splitting: false,
  treeshake: false,
  minify: false,
  // The engines' packages are the optional peers of faultline/restate, /temporal, /inngest and /dbos:
  // the application's own copy, never bundled.
  external: ['zod', '@restatedev/restate-sdk', /^@temporalio\//, 'inngest', /^@dbos-inc\//],
  // An adapter (faultline/http, faultline/jsonrpc) imports the core through the main entry alone
  // (.dependency-cruiser.cjs holds that), and its build keeps that import as `faultline`: the
  // package's own name, which Node resolves to the installed package. So an adapter shares the
  // application's copy of the classes and of the class registry instead of bundling its own.
  esbuildPlugins: [
    {
      name: 'adapters-import-the-main-entry',
      setup(build) {
        build.onResolve({ filter: /^\.\.\/index\.js$/ }, (args) =>
          /[\\/]src[\\/](http|jsonrpc|retry|agent|restate|temporal|inngest|dbos|sentry|report|durable)[\\/]/.test(args.importer) ? { path: 'faultline', external: true } : undefined,
        );
        // Another adapter, through its entry: kept as `faultline/<name>`.
        build.onResolve({ filter: /^\.\.\/(http|jsonrpc|retry|agent|restate|temporal|inngest|dbos|sentry|report)\/index\.js$/ }, (args) => {
          const name = /^\.\.\/([a-z]+)\//.exec(args.path)?.[1];
          return name === undefined ? undefined : { path: `faultline/${name}`, external: true };
        });
      },
    },
    // faultline/restate and faultline/inngest load the application's copy of the engine's package
    // without a static import, so that a caller without it can import fromRestateError or
    // fromInngestError: the ES module build by a top-level `await import()` (src/<engine>/load-sdk.ts,
    // which tsc and vitest see), the CommonJS build, which has no top-level await, by a `require` on
    // first use (src/<engine>/load-sdk.require.ts). Each build gets its format's copy of the package,
    // the one the application's own import or require gets.
    {
      name: 'engine-sdk-loader-per-format',
      setup(build) {
        if (build.initialOptions.format !== 'cjs') return;
        build.onResolve({ filter: /^\.\/load-sdk\.js$/ }, (args) =>
          /[\\/]src[\\/](restate|inngest)[\\/]/.test(args.importer) ? { path: join(dirname(args.importer), 'load-sdk.require.ts') } : undefined,
        );
      },
    },
  ],
}, {
  entry: { cli: 'src/cli/main.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node18',
  dts: false,
  clean: false,
  splitting: false,
  treeshake: false,
  minify: false,
  // pg, an optional peer, is loaded by --postgres alone; faultline's own entries are the installed package's.
  external: ['pg', /^faultline(\/|$)/],
  esbuildPlugins: [
    {
      name: 'command-imports-the-package',
      setup(build) {
        build.onResolve({ filter: /^\.\.\/index\.js$/ }, () => ({ path: 'faultline', external: true }));
        build.onResolve({ filter: /^\.\.\/report\/index\.js$/ }, () => ({ path: 'faultline/report', external: true }));
      },
    },
  ],
}]);
