import { importedPeer } from '../foundation/optional-peer.js';
import { isSdkMissing, sdkMissingError, type RestateSdk } from './sdk.js';

// The ES module build: the SDK is loaded once, when faultline/restate is imported, because an ES
// module can load another synchronously only by a static import, which would make the SDK required
// for a caller too (asTerminalError is a synchronous hook, so it cannot wait for it later). The
// CommonJS build uses load-sdk.require.ts instead (tsup.config.ts).

/** The application's copy of the SDK's classes; throws an Error naming the package when it is not installed. */
export const restateSdk: () => RestateSdk = await importedPeer<RestateSdk>(import('@restatedev/restate-sdk'), isSdkMissing, sdkMissingError);
