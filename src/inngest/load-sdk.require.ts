import { isSdkMissing, sdkMissingError, type InngestSdk } from './sdk.js';

// The CommonJS build's load-sdk.ts (tsup.config.ts swaps it in): the application's CommonJS copy of
// inngest, required on first use, so that a reader of errors without inngest can require
// faultline/inngest. A missing package becomes an Error naming it; any other failure is thrown as it is.
declare const require: (id: string) => unknown;
let sdk: InngestSdk | undefined;

/** The application's copy of inngest's classes; throws an Error naming the package when it is not installed. */
export function inngestSdk(): InngestSdk {
  if (sdk !== undefined) return sdk;
  try {
    // The literal, so that a bundler sees which package it is.
    sdk = require('inngest') as InngestSdk;
  } catch (error) {
    throw isSdkMissing(error) ? sdkMissingError(error) : error;
  }
  return sdk;
}
