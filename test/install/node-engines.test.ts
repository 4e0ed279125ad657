// What `npm ci` installs must run on Node 20, the oldest Node the project is developed on: a package
// whose `engines` refuse it makes npm print an EBADENGINE warning for a newcomer's first install (and
// may use what Node 20 lacks). The lockfile says what `npm ci` installs, and each package's engines.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The Node 20 the lock must accept: the oldest 20.x that several packages ask for (`^20.19.0 || >=22.12.0`).
const NODE_20 = [20, 19, 0] as const;

type Version = readonly [number, number, number];

interface LockedPackage {
  readonly version?: string;
  readonly optional?: boolean;
  readonly engines?: { readonly node?: string } | readonly string[];
}

/** Whether `version` satisfies an engines range, in the forms npm packages write them (`>=18`, `^20.19.0 || >=22`, `4.x`, `*`). */
function satisfies(version: Version, range: string): boolean {
  return range.split('||').some((alternative) => {
    // `>= 18` is `>=18`: join an operator to the version that follows it.
    const comparators = alternative.trim().replace(/([<>=^~]+)\s+/g, '$1').split(/\s+/).filter((part) => part !== '');
    return comparators.every((comparator) => matches(version, comparator));
  });
}

function matches(version: Version, comparator: string): boolean {
  const [, operator = '', text = ''] = /^([<>=^~]*)v?(.*)$/.exec(comparator) ?? [];
  if (text === '*' || text === 'x' || text === '') return true;
  const parts = text.split('.');
  const given = parts.filter((part) => /^\d+$/.test(part)).length; // `20.*` and `20.x` give one part
  const bound = [0, 1, 2].map((index) => Number(/^\d+$/.test(parts[index] ?? '') ? parts[index] : 0)) as unknown as Version;
  const order = compare(version, bound);
  switch (operator) {
    case '>=': return order >= 0;
    case '>': return order > 0;
    case '<=': return order <= 0;
    case '<': return order < 0;
    case '^': return order >= 0 && version[0] === bound[0];
    case '~': return order >= 0 && version[0] === bound[0] && version[1] === bound[1];
    default: return version.slice(0, given).every((part, index) => part === bound[index]); // `20`, `20.x`, `20.1.0`
  }
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

describe('the engines range reader', () => {
  it.each([
    ['>=18', true], ['>= 20', true], ['>=22.0.0', false], ['^20.19.0 || >=22.12.0', true], ['^20.20.0 || >=22', false], ['^22.20 || ^24.12 || >=25', false],
    ['18 || 20 || >=22', true], ['20 || >=22', true], ['10.* || >= 12.*', true], ['4.x || >=6.0.0', true], ['*', true], ['>=16 || 14 >=14.17', true],
    ['>=9.3.0 || >=8.10.0 <9.0.0', true], ['<20', false], ['~20.18.0', false], ['~20.19.0', true],
  ])('reads %s as %s for Node 20.19.0', (range, expected) => {
    expect(satisfies(NODE_20, range)).toBe(expected);
  });
});

describe('npm ci on Node 20', () => {
  it('installs no package whose engines refuse Node 20 (an optional one npm leaves out where it does not fit)', () => {
    const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as { readonly packages: Readonly<Record<string, LockedPackage>> };
    const refusing = Object.entries(lock.packages).flatMap(([path, locked]) => {
      const range = Array.isArray(locked.engines) ? undefined : (locked.engines as { readonly node?: string } | undefined)?.node;
      return range === undefined || locked.optional === true || satisfies(NODE_20, range) ? [] : [`${path}@${locked.version ?? '?'} (node ${range})`];
    });
    expect(refusing).toEqual([]);
  });
});
