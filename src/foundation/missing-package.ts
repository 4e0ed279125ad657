// A missing optional peer is no error until a function that needs it is called; any other failure is a
// broken installation and is thrown as it is. Each runtime quotes the name it could not find, which tells
// the package itself apart from a missing dependency of it (`'@restatedev/restate-sdk-core'`).
const NOT_FOUND_CODES = /* @__PURE__ */ new Set(['ERR_MODULE_NOT_FOUND', 'MODULE_NOT_FOUND']);
const NOT_FOUND_WORDS = /cannot find|could not (?:find|resolve)|failed to resolve|no such module/i;

export function isPackageMissing(error: unknown, name: string): boolean {
  if (!(error instanceof Error)) return false;
  const code: unknown = (error as { code?: unknown }).code;
  const quoted = ['"', "'", '`'].some((quote) => error.message.includes(`${quote}${name}${quote}`));
  return quoted && ((typeof code === 'string' && NOT_FOUND_CODES.has(code)) || NOT_FOUND_WORDS.test(error.message));
}
