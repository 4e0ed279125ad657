/**
 * Every fenced `ts` block of README.md and docs/*.md, type-checked against src/ under `strict` and
 * `exactOptionalPropertyTypes`, each as a module of its own, as a user would paste it (`faultline` and
 * `faultline/<entry>` resolve to src/). One
 * Program for all of them keeps this to a few seconds. A block that imports nothing continues
 * the page's story: it gets every name of the main entry (see prelude.ts for the few free names
 * the docs rely on, such as `error` or `callModel`). A block that is not TypeScript is fenced as
 * something else (`js`, `text`, `json`, `sh`).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as faultline from '../../src/index.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const workDir = join(root, '.tmp', 'snippets');

interface Snippet {
  readonly title: string;
  readonly file: string;
}

/** The fenced ts blocks of one Markdown file, each with the line its code starts on. */
function blocksOf(markdownPath: string): { readonly line: number; readonly code: string }[] {
  const lines = readFileSync(join(root, markdownPath), 'utf8').split('\n');
  const blocks: { line: number; code: string }[] = [];
  let start: number | undefined;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? '';
    if (start === undefined && /^```(ts|typescript)\s*$/.test(line)) start = index + 1;
    else if (start !== undefined && /^```\s*$/.test(line)) {
      blocks.push({ line: start + 1, code: lines.slice(start, index).join('\n') });
      start = undefined;
    }
  }
  return blocks;
}

const markdownFiles = ['README.md', ...readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];
const MAIN_NAMES = Object.keys(faultline).sort();

function writeSnippets(): Snippet[] {
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  const snippets: Snippet[] = [];
  for (const markdown of markdownFiles) {
    for (const { line, code } of blocksOf(markdown)) {
      const title = `${markdown}:${line}`;
      const file = join(workDir, `${markdown.replace(/[/.]/g, '_')}_${line}.ts`);
      const imports = /^\s*import\s/m.test(code) ? '' : `import { ${MAIN_NAMES.join(', ')} } from 'faultline';\n`;
      // `export {}` makes every block a module, so that its names never clash with another's.
      writeFileSync(file, `${imports}${code}\nexport {};\n`);
      snippets.push({ title, file });
    }
  }
  return snippets;
}

function diagnosticsByFile(snippets: readonly Snippet[]): Map<string, string[]> {
  const options: ts.CompilerOptions = {
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: ['node'],
    typeRoots: [join(root, 'node_modules', '@types')],
    noEmit: true,
    skipLibCheck: true,
    ignoreDeprecations: '6.0',
    paths: {
      faultline: [join(root, 'src', 'index.ts')],
      'faultline/*': [join(root, 'src', '*', 'index.ts')],
    },
  };
  const program = ts.createProgram([join(root, 'test', 'docs', 'prelude.ts'), join(root, 'test', 'docs', 'generated.d.ts'), ...snippets.map((snippet) => snippet.file)], options);
  const byFile = new Map<string, string[]>();
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const name = diagnostic.file?.fileName ?? '(global)';
    const { line } = diagnostic.file !== undefined && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start) : { line: 0 };
    const text = `line ${line + 1}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
    byFile.set(name, [...(byFile.get(name) ?? []), text]);
  }
  return byFile;
}

const snippets = writeSnippets();
const diagnostics = diagnosticsByFile(snippets);

describe('the docs’ TypeScript snippets compile under strict and exactOptionalPropertyTypes', () => {
  it('finds the snippets of README.md and every page of docs/', () => {
    expect(snippets.length).toBeGreaterThan(25);
    expect(new Set(snippets.map((snippet) => snippet.title.split(':')[0]))).toContain('docs/extending.md');
  });

  it('compiles nothing outside the snippets with an error', () => {
    const outside = [...diagnostics].filter(([file]) => !file.startsWith(workDir));
    expect(outside).toEqual([]);
  });

  it.each(snippets.map((snippet) => [snippet.title, snippet.file] as const))('%s', (_, file) => {
    expect(diagnostics.get(file) ?? []).toEqual([]);
  });
});
