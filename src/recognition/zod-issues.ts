import { defineField } from '../foundation/own-property.js';
import { readProperty, readString } from '../foundation/safe-read.js';

export const MAX_ISSUES = 100;

/** By shape, not `instanceof`, so that any copy or version of zod is understood and the main entry never loads zod. */
export function zodIssueFields(value: unknown): Record<string, string> | undefined {
  try {
    return issueFields(value);
  } catch {
    return undefined; // a revoked Proxy or a throwing getter among the issues: not a ZodError we can read
  }
}

function issueFields(value: unknown): Record<string, string> | undefined {
  const name = readString(value, 'name');
  const issues = readProperty(value, 'issues');
  if (name === undefined || !name.endsWith('ZodError') || !Array.isArray(issues)) return undefined;
  const fields: Record<string, string> = {};
  // The first issues only: `issues` may be a Proxy claiming any length. The ZodError stays the
  // error's cause, with every issue.
  const count = Math.min((issues as unknown[]).length, MAX_ISSUES);
  for (let index = 0; index < count; index++) {
    const issue = (issues as unknown[])[index];
    const path = readProperty(issue, 'path');
    const message = readString(issue, 'message');
    if (!Array.isArray(path) || message === undefined) return undefined;
    const key = (path as unknown[]).map(pathSegment).join('.');
    const previous = Object.hasOwn(fields, key) ? fields[key] : undefined;
    defineField(fields, key, previous === undefined ? message : `${previous}; ${message}`);
  }
  return fields;
}

function pathSegment(segment: unknown): string {
  if (typeof segment === 'symbol') return segment.description ?? '';
  try {
    return String(segment);
  } catch {
    return '?'; // an object whose Symbol.toPrimitive throws
  }
}
