import { requiredPeer } from '../foundation/optional-peer.js';
import { isSdkMissing, sdkMissingError, type RestateSdk } from './sdk.js';

// The CommonJS build's load-sdk.ts: required on first use, so that a caller without the SDK can require faultline/restate.
declare const require: (id: string) => unknown;

export const restateSdk: () => RestateSdk = /* @__PURE__ */ requiredPeer(
  () => require('@restatedev/restate-sdk') as RestateSdk,
  isSdkMissing,
  sdkMissingError,
);
