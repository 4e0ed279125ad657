import { setOwn } from '../foundation/own-property.js';
import { isPlainObject } from '../foundation/plain-object.js';

/** superjson's `JSONValue`, whose arrays are mutable. */
export type DbosJson = string | number | boolean | null | DbosJson[] | DbosJsonObject;

/** A JSON object as DBOS's default serializer takes one. */
export interface DbosJsonObject {
  [key: string]: DbosJson;
}

/** Each object and array goes into `made`: superjson walks what a recipe wrote, and must not take a cause node for an error. */
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
