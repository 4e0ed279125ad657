// An engine's package, an optional peer, loaded without a static import, so that a caller who only reads
// errors needs none: ESM by a top-level `await import()`, CommonJS by a `require` on first use (tsup.config.ts
// picks each adapter's load-sdk file). The adapter writes the import itself, so that a bundler sees the name.

/**
 * A missing package is no error until the accessor is called; any other failure is thrown here, at
 * import, as the static import it replaces would have thrown it.
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

/** A missing package throws `missingError` on the call, and is looked for again on the next. */
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
