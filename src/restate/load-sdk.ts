import { isSdkMissing, sdkMissingError, type RestateSdk } from './sdk.js';

// The ES module build: the SDK is loaded once, when faultline/restate is imported, because an ES
// module can load another synchronously only by a static import, which would make the SDK required
// for a caller too (asTerminalError is a synchronous hook, so it cannot wait for it later). A missing
// SDK is no error until toRestateError is called; any other failure is thrown here, at import, as
// the static import it replaces threw it. The CommonJS build uses load-sdk.require.ts instead
// (tsup.config.ts): CommonJS has no top-level await, and requires the SDK on first use.
let missing: unknown;
const sdk: RestateSdk | undefined = await import('@restatedev/restate-sdk').catch((error: unknown) => {
  if (!isSdkMissing(error)) throw error;
  missing = error;
  return undefined;
});

/** The application's copy of the SDK's classes; throws an Error naming the package when it is not installed. */
export function restateSdk(): RestateSdk {
  if (sdk === undefined) throw sdkMissingError(missing);
  return sdk;
}
