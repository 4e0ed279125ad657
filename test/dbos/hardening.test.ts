import { DBOS } from '@dbos-inc/dbos-sdk';
import { DBOSJSON, deserializeResError, serializeResError } from '@dbos-inc/dbos-sdk/internal/serialization';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isFaultlineError, serializeError } from '../../src/index.js';
import { dbosSerialization, fromDbosError } from '../../src/dbos/index.js';
import { serializedErrorSchema } from '../../src/schema/index.js';
import { anyThrown, buildError, errorRecipe } from '../hardening/arbitraries.js';

DBOS.registerSerialization(dbosSerialization);

/** What DBOS writes and revives of a thrown value, or undefined when DBOS itself throws on it (a hostile getter). */
async function throughDbos(value: unknown): Promise<{ readonly json: unknown; readonly back: unknown } | undefined> {
  let text: string;
  try {
    text = (await serializeResError(value as Error, DBOSJSON, undefined)).serializedValue ?? '';
  } catch {
    return undefined;
  }
  return { json: (JSON.parse(text) as { json: unknown }).json, back: await deserializeResError(text, 'js_superjson', DBOSJSON).catch((error: unknown) => error) };
}

/** A node's fields but what DBOS replaced (its cause, `errors`) and the cuts they made. */
function withoutCauses(json: unknown): unknown {
  const fields: Record<string, unknown> = { ...(json as Record<string, unknown>) };
  for (const key of ['cause', 'errors', 'truncated']) Reflect.deleteProperty(fields, key);
  return fields;
}

describe('faultline/dbos under generated input', () => {
  it('fromDbosError never throws, and always gives a faultline error', () => {
    fc.assert(fc.property(anyThrown, (thrown) => {
      expect(isFaultlineError(fromDbosError(thrown.build()))).toBe(true);
    }), { numRuns: 300 });
  });

  it('the recipe never throws, and writes the contract whenever it applies', () => {
    fc.assert(fc.property(anyThrown, (thrown) => {
      const value = thrown.build();
      if (dbosSerialization.isApplicable(value)) expect(serializedErrorSchema.safeParse(dbosSerialization.serialize(value)).success).toBe(true);
    }), { numRuns: 300 });
  });

  // DBOS's copy of a cause that is data, not an error, is serialize-error's (a Set becomes {}): what it lost
  // is lost. The error's own fields, its class, and the contract's redaction are not. superjson, which
  // writes every row, drops an own `__proto__` key wherever it is (it assigns keys), so such a contract is
  // left out.
  it('what DBOS writes of a faultline error is the contract, with the error’s own fields, no more secrets than the error writes, and it comes back as that error', async () => {
    await fc.assert(fc.asyncProperty(errorRecipe.filter((recipe) => typeof recipe.kind === 'number' && recipe.twist === 'none'), async (recipe) => {
      const error = buildError(recipe);
      const written = await throughDbos(error);
      if (written === undefined) return;
      const own = serializeError(error);
      fc.pre(!JSON.stringify(own).includes('"__proto__"'));
      expect(serializedErrorSchema.safeParse(written.json).success).toBe(true);
      expect(withoutCauses(written.json)).toEqual(withoutCauses(own));
      if (!JSON.stringify(own).includes('hunter2')) expect(JSON.stringify(written.json)).not.toContain('hunter2');
      expect(JSON.stringify(written.back)).toBe(JSON.stringify(written.json));
    }), { numRuns: 300 });
  });
});
