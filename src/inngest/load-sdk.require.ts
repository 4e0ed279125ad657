import { requiredPeer } from '../foundation/optional-peer.js';
import { isSdkMissing, sdkMissingError, type InngestSdk } from './sdk.js';

// The CommonJS build's load-sdk.ts: required on first use, so that a reader of errors needs no inngest.
declare const require: (id: string) => unknown;

export const inngestSdk: () => InngestSdk = /* @__PURE__ */ requiredPeer(() => require('inngest') as InngestSdk, isSdkMissing, sdkMissingError);
