import { requiredPeer } from '../foundation/optional-peer.js';
import { isSdkMissing, sdkMissingError, type InngestSdk } from './sdk.js';

// The CommonJS build's load-sdk.ts (tsup.config.ts swaps it in): the application's CommonJS copy of
// inngest, required on first use, so that a reader of errors without inngest can require faultline/inngest.
declare const require: (id: string) => unknown;

/** The application's copy of inngest's classes; throws an Error naming the package when it is not installed. */
export const inngestSdk: () => InngestSdk = /* @__PURE__ */ requiredPeer(() => require('inngest') as InngestSdk, isSdkMissing, sdkMissingError);
