/**
 * ARCHITECTURE.md's layer diagram and .dependency-cruiser.cjs describe one order: every folder of src/
 * is in the diagram, and the layers below its line come in the order dependency-cruiser enforces. Every
 * file the map names exists.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const map = readFileSync(`${root}ARCHITECTURE.md`, 'utf8');
const diagram = map.slice(map.indexOf('```text\n  folder'), map.indexOf('```\n', map.indexOf('```text\n  folder') + 8));
const cruiser = createRequire(import.meta.url)(`${root}.dependency-cruiser.cjs`) as { forbidden: { name: string }[] };

/** Every `name/` the diagram's rows start with, above or below its line, in order. */
function foldersIn(text: string): string[] {
  return [...text.matchAll(/^ {2}((?:[a-z-]+\/(?: |$))+)/gm)].flatMap((match) => (match[1] ?? '').trim().split(/\s+/)).map((name) => name.replace(/\/$/, ''));
}

describe('ARCHITECTURE.md', () => {
  it('draws every folder of src/ in its layer diagram', () => {
    const folders = readdirSync(`${root}src`, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(new Set(foldersIn(diagram))).toEqual(new Set(folders));
  });

  it('orders the layers below its line as dependency-cruiser does, top to bottom', () => {
    const below = foldersIn(diagram.slice(diagram.lastIndexOf('─────\n')));
    const layers = cruiser.forbidden.filter((rule) => rule.name.startsWith('layer-')).map((rule) => rule.name.slice('layer-'.length));
    expect(below).toEqual([...layers].reverse());
  });

  it('names only files that exist', () => {
    const named = [...map.matchAll(/`((?:src|scripts|test)\/[\w./<>-]+\.(?:ts|mjs|cjs))`/g)].map((match) => match[1] ?? '');
    expect(named.length).toBeGreaterThan(40);
    expect(named.filter((file) => !file.includes('<') && !existsSync(`${root}${file}`))).toEqual([]);
  });
});
