import { isSdkMissing, sdkMissingError, type RestateSdk } from './sdk.js';

// The CommonJS build's load-sdk.ts (tsup.config.ts swaps it in): the application's CommonJS copy of
// the SDK, required on first use, so that a caller without the SDK can require faultline/restate.
// A missing SDK becomes an Error naming the package; any other failure is thrown as it is.
declare const require: (id: string) => unknown;
let sdk: RestateSdk | undefined;

/** The application's copy of the SDK's classes; throws an Error naming the package when it is not installed. */
export function restateSdk(): RestateSdk {
  if (sdk !== undefined) return sdk;
  try {
    // The literal, so that a bundler sees which package it is.
    sdk = require('@restatedev/restate-sdk') as RestateSdk;
  } catch (error) {
    throw isSdkMissing(error) ? sdkMissingError(error) : error;
  }
  return sdk;
}
