/** Of any realm or copy: `instanceof Error`, or what the engine tags as an error (`vm` contexts, DOMException). */
export function isErrorObject(value: unknown): value is Error {
  if (typeof value !== 'object' || value === null) return false;
  try {
    if (value instanceof Error) return true;
    const tag = Object.prototype.toString.call(value);
    return tag === '[object Error]' || tag === '[object DOMException]';
  } catch {
    return false;
  }
}
