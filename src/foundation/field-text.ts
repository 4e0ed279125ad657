/** The longest name, code, `requestId` or recommendation written; a longer one is cut and marked (`truncated.strings`). */
export const MAX_FIELD_LENGTH = 1024;

/** Cuts a string to `length` code units at most, without splitting a surrogate pair. */
export function cutText(value: string, length: number): string {
  if (value.length <= length) return value;
  const code = value.charCodeAt(length - 1);
  return value.slice(0, code >= 0xd800 && code <= 0xdbff ? length - 1 : length);
}

/**
 * Text read from outside (a header, a response body) into a field such as `requestId`, cut to
 * MAX_FIELD_LENGTH as it is read: the writer would write no more of it, and a hostile 10 MB
 * `x-request-id` must not become 10 MB held by every error made from such a response.
 */
export function fieldText(value: string): string {
  return cutText(value, MAX_FIELD_LENGTH);
}
