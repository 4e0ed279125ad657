import { describe, expect, it } from 'vitest';
import { importedPeer, requiredPeer } from '../../src/foundation/optional-peer.js';

const MISSING = Object.assign(new Error("Cannot find package 'peer'"), { code: 'ERR_MODULE_NOT_FOUND' });
const isMissing = (error: unknown): boolean => error === MISSING;
const missingError = (cause: unknown): Error => new Error('install peer', { cause });
const peer = { name: 'peer' };

describe('importedPeer', () => {
  it('gives the package once the import settles', async () => {
    const accessor = await importedPeer(Promise.resolve(peer), isMissing, missingError);
    expect(accessor()).toBe(peer);
  });

  it('makes a missing package no error until the accessor is called, which throws the error naming it, at every call', async () => {
    const accessor = await importedPeer<typeof peer>(Promise.reject(MISSING), isMissing, missingError);
    for (let call = 0; call < 2; call++) expect(accessor).toThrow(new Error('install peer', { cause: MISSING }));
  });

  it('throws any other failure at once, as it is', async () => {
    const broken = new SyntaxError('the package failed to load');
    await expect(importedPeer(Promise.reject(broken), isMissing, missingError)).rejects.toBe(broken);
  });
});

describe('requiredPeer', () => {
  it('requires the package on the first call alone, and keeps it', () => {
    let loads = 0;
    const accessor = requiredPeer(() => (loads++, peer), isMissing, missingError);
    expect(loads).toBe(0);
    expect([accessor(), accessor()]).toEqual([peer, peer]);
    expect(loads).toBe(1);
  });

  it('throws the error naming a missing package, and looks for it again on the next call', () => {
    let loads = 0;
    const accessor = requiredPeer(() => {
      loads++;
      if (loads === 1) throw MISSING;
      return peer;
    }, isMissing, missingError);
    expect(accessor).toThrow(new Error('install peer', { cause: MISSING }));
    expect(accessor()).toBe(peer);
  });

  it('throws any other failure as it is', () => {
    const broken = new SyntaxError('the package failed to load');
    const accessor = requiredPeer(() => {
      throw broken;
    }, isMissing, missingError);
    expect(accessor).toThrow(broken);
  });
});
