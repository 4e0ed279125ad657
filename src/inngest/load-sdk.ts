import { importedPeer } from '../foundation/optional-peer.js';
import { isSdkMissing, sdkMissingError, type InngestSdk } from './sdk.js';

// Loaded once, at import: an ES module loads another synchronously only by a static import, which would
// make inngest required for a reader of errors too, and toInngestError must be synchronous (`throw` it).
export const inngestSdk: () => InngestSdk = await importedPeer<InngestSdk>(import('inngest'), isSdkMissing, sdkMissingError);
