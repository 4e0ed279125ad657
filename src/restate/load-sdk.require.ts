import { requiredPeer } from '../foundation/optional-peer.js';
import { isSdkMissing, sdkMissingError, type RestateSdk } from './sdk.js';

// The CommonJS build's load-sdk.ts (tsup.config.ts swaps it in): the application's CommonJS copy of
// the SDK, required on first use, so that a caller without the SDK can require faultline/restate.
declare const require: (id: string) => unknown;

/** The application's copy of the SDK's classes; throws an Error naming the package when it is not installed. */
export const restateSdk: () => RestateSdk = /* @__PURE__ */ requiredPeer(
  () => require('@restatedev/restate-sdk') as RestateSdk,
  isSdkMissing,
  sdkMissingError,
);
