// How an adapter loads an engine's package that is an optional peer (faultline/restate's SDK,
// faultline/inngest's inngest) without a static import, so that a caller who only reads errors needs
// none: the ES module build by a top-level `await import()`, the CommonJS build, which has no top-level
// await, by a `require` on first use (tsup.config.ts picks each adapter's load-sdk file per format). The
// adapter writes the import or the require itself, with the package's name as a literal, so that a
// bundler sees which package it is; these give it the accessor its functions call.

/**
 * The ES module build's accessor: the package once `loading` (the adapter's `import()`) settles. A
 * missing package is no error until the accessor is called, which then throws `missingError`; any other
 * failure is thrown here, at import, as the static import it replaces would have thrown it.
 */
export async function importedPeer<T>(loading: Promise<T>, isMissing: (error: unknown) => boolean, missingError: (cause: unknown) => Error): Promise<() => T> {
  let peer: T;
  try {
    peer = await loading;
  } catch (error) {
    if (!isMissing(error)) throw error;
    return () => {
      throw missingError(error);
    };
  }
  return () => peer;
}

/**
 * The CommonJS build's accessor: the package, required by `load` on the first call and kept. A missing
 * package throws `missingError` (and is looked for again on the next call); any other failure is thrown
 * as it is.
 */
export function requiredPeer<T extends object>(load: () => T, isMissing: (error: unknown) => boolean, missingError: (cause: unknown) => Error): () => T {
  let peer: T | undefined;
  return () => {
    if (peer !== undefined) return peer;
    try {
      peer = load();
    } catch (error) {
      throw isMissing(error) ? missingError(error) : error;
    }
    return peer;
  };
}
