/** The longest name, code, `requestId` or recommendation written; a longer one is cut and marked (`truncated.strings`). */
export const MAX_FIELD_LENGTH = 1024;

/** Never splits a surrogate pair. */
export function cutText(value: string, length: number): string {
  if (value.length <= length) return value;
  const code = value.charCodeAt(length - 1);
  return value.slice(0, code >= 0xd800 && code <= 0xdbff ? length - 1 : length);
}

/** Cut as it is read: a hostile 10 MB `x-request-id` must not become 10 MB held by every error made from it. */
export function fieldText(value: string): string {
  return cutText(value, MAX_FIELD_LENGTH);
}
