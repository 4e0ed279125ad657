import { importedPeer } from '../foundation/optional-peer.js';
import { isSdkMissing, sdkMissingError, type InngestSdk } from './sdk.js';

// The ES module build: inngest is loaded once, when faultline/inngest is imported, because an ES module
// can load another synchronously only by a static import, which would make inngest required for a
// reader of errors too (toInngestError is synchronous, so that a step can `throw` what it returns). The
// CommonJS build uses load-sdk.require.ts instead (tsup.config.ts).

/** The application's copy of inngest's classes; throws an Error naming the package when it is not installed. */
export const inngestSdk: () => InngestSdk = await importedPeer<InngestSdk>(import('inngest'), isSdkMissing, sdkMissingError);
