// Whether loading an optional peer dependency failed because the package itself is not installed.
// The adapters for durable engines (faultline/restate, faultline/inngest) load the application's copy
// of the engine's package without a static import, so that a caller who only reads errors needs none:
// a missing package is no error until a function that needs it is called; any other failure is a
// broken installation and is thrown as it is.

// How the runtimes word a package that is not installed: Node's `ERR_MODULE_NOT_FOUND` (import) and
// `MODULE_NOT_FOUND` (require), Bun's and Deno's, a bundler's. The name is quoted in each, which tells
// the package itself apart from a dependency of it that is missing (`'@restatedev/restate-sdk-core'`).
const NOT_FOUND_CODES = /* @__PURE__ */ new Set(['ERR_MODULE_NOT_FOUND', 'MODULE_NOT_FOUND']);
const NOT_FOUND_WORDS = /cannot find|could not (?:find|resolve)|failed to resolve|no such module/i;

/** Whether `error`, thrown by loading the package `name`, says that this package itself is not installed. */
export function isPackageMissing(error: unknown, name: string): boolean {
  if (!(error instanceof Error)) return false;
  const code: unknown = (error as { code?: unknown }).code;
  const quoted = ['"', "'", '`'].some((quote) => error.message.includes(`${quote}${name}${quote}`));
  return quoted && ((typeof code === 'string' && NOT_FOUND_CODES.has(code)) || NOT_FOUND_WORDS.test(error.message));
}
