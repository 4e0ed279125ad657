import { isSdkMissing, sdkMissingError, type InngestSdk } from './sdk.js';

// The ES module build: inngest is loaded once, when faultline/inngest is imported, because an ES module
// can load another synchronously only by a static import, which would make inngest required for a
// reader of errors too (toInngestError is synchronous, so that a step can `throw` what it returns). A
// missing package is no error until toInngestError is called; any other failure is thrown here, at
// import, as the static import it replaces threw it. The CommonJS build uses load-sdk.require.ts
// instead (tsup.config.ts): CommonJS has no top-level await, and requires inngest on first use.
let missing: unknown;
const sdk: InngestSdk | undefined = await import('inngest').catch((error: unknown) => {
  if (!isSdkMissing(error)) throw error;
  missing = error;
  return undefined;
});

/** The application's copy of inngest's classes; throws an Error naming the package when it is not installed. */
export function inngestSdk(): InngestSdk {
  if (sdk === undefined) throw sdkMissingError(missing);
  return sdk;
}
