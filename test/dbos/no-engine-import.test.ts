import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// faultline/dbos gives DBOS plain objects and functions (a serialization recipe, a step configuration,
// a reader) and loads nothing of DBOS: a caller's own DBOS or DBOSClient takes them. So neither it nor
// any other entry may import the engine's package, at runtime or for its types.
const src = fileURLToPath(new URL('../../src/', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

// A static import, a dynamic one, or a require; TSDoc examples (lines of a comment) import it as a user does.
const ENGINE_IMPORT = /\bfrom\s+['"]@dbos-inc\/|\bimport\(\s*['"]@dbos-inc\/|\brequire\(\s*['"]@dbos-inc\//;

function codeOf(file: string): string[] {
  return readFileSync(file, 'utf8').split('\n').filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line));
}

describe('the engine’s package', () => {
  it('is imported by no file of src/, faultline/dbos included', () => {
    const importing = sourceFiles(src).filter((file) => codeOf(file).some((line) => ENGINE_IMPORT.test(line)));
    expect(importing).toEqual([]);
  });
});
