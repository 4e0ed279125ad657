import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { requireError } from '../load-errors.js';
import { isSdkMissing, sdkMissingError } from '../../src/restate/sdk.js';

const SDK = '@restatedev/restate-sdk';

// A directory where the SDK is not installed: what Node throws there.
const empty = mkdtempSync(join(tmpdir(), 'faultline-no-sdk-'));
afterAll(() => {
  rmSync(empty, { recursive: true, force: true });
});

describe('isSdkMissing', () => {
  // The cases of every optional peer are in test/foundation/missing-package.test.ts.
  it('is isPackageMissing of @restatedev/restate-sdk', () => {
    expect(isSdkMissing(requireError(empty, SDK))).toBe(true);
    expect(isSdkMissing(Object.assign(new Error("Cannot find module 'other'"), { code: 'MODULE_NOT_FOUND' }))).toBe(false);
  });
});

describe('sdkMissingError', () => {
  it('names the package to install, and keeps the load error as its cause', () => {
    const cause = requireError(empty, SDK);
    const error = sdkMissingError(cause);
    expect(error.constructor).toBe(Error);
    expect(error.message).toBe(
      'faultline/restate: toRestateError and asTerminalError need @restatedev/restate-sdk, which is not installed. ' +
        'Install it beside faultline where a Restate service runs (npm install @restatedev/restate-sdk); ' +
        'a caller that only uses fromRestateError needs @restatedev/restate-sdk-clients alone.',
    );
    expect(error.cause).toBe(cause);
  });
});
