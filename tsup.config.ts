import { defineConfig } from 'tsup';

// Two entries, each as ESM and CJS with its own declarations. zod is a dependency and stays
// external, so faultline/schema shares the application's copy of it. No source maps: the
// package ships readable, unminified JavaScript.
export default defineConfig({
  entry: { index: 'src/index.ts', schema: 'src/schema/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  target: 'es2022',
  // No splitting: for CJS, tsup builds split chunks by converting ESM with sucrase, which lowers
  // static fields into `(_class2 = class extends ...)` and loses every class name.
  splitting: false,
  treeshake: false,
  minify: false,
  external: ['zod'],
});
