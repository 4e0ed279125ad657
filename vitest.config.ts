import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/pack/**', 'node_modules/**'],
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.test.json' },
    pool: 'forks',
    // Vitest's defaults (5 s a test, 10 s a hook) assume a quiet machine; a test must pass as well on
    // a loaded one (issue #16). The slow property and bounded-work tests set longer timeouts of their own.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
