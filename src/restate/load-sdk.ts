import { importedPeer } from '../foundation/optional-peer.js';
import { isSdkMissing, sdkMissingError, type RestateSdk } from './sdk.js';

// Loaded once, at import: an ES module loads another synchronously only by a static import, which would
// make the SDK required for a caller too, and asTerminalError is a synchronous hook that cannot wait.
export const restateSdk: () => RestateSdk = await importedPeer<RestateSdk>(import('@restatedev/restate-sdk'), isSdkMissing, sdkMissingError);
