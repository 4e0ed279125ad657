import { setOwn } from '../foundation/own-property.js';
import { isPlainObject } from '../foundation/plain-object.js';

/**
 * A JSON value as DBOS's default serializer (superjson) takes one from a serialization recipe: its
 * `JSONValue`, which has mutable arrays.
 */
export type DbosJson = string | number | boolean | null | DbosJson[] | DbosJsonObject;

/** A JSON object as DBOS's default serializer takes one. */
export interface DbosJsonObject {
  [key: string]: DbosJson;
}

/**
 * A copy of the contract (which is JSON by construction) typed as DBOS's JSON, each of its objects
 * and arrays added to `made`: superjson walks what a recipe wrote next, and must not take a cause
 * node in it for an error of its own.
 */
export function dbosJsonCopy(contract: object, made: WeakSet<object>): DbosJsonObject {
  const copy: DbosJsonObject = {};
  made.add(copy);
  for (const [key, value] of Object.entries(contract)) {
    const item = itemCopy(value, made);
    if (item !== undefined) setOwn(copy, key, item);
  }
  return copy;
}

function itemCopy(value: unknown, made: WeakSet<object>): DbosJson | undefined {
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
      return value;
  }
  if (Array.isArray(value)) {
    const list: DbosJson[] = [];
    made.add(list);
    for (const item of value as readonly unknown[]) list.push(itemCopy(item, made) ?? null);
    return list;
  }
  return isPlainObject(value) ? dbosJsonCopy(value, made) : undefined;
}
