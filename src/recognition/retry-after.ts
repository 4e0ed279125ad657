import { headerValue } from '../foundation/header-value.js';
import { toWholeNonNegative } from '../foundation/whole-number.js';

// A number of seconds (delta-seconds as RFC 9110 defines them, or the decimal seconds some servers
// send), or of milliseconds, possibly fractional, as OpenAI and Anthropic send `retry-after-ms`.
const NUMBER = /^\s*(\d+(?:\.\d+)?)\s*$/;
// An HTTP-date has a day, a month name and a time; Date.parse alone would take "1" as a year.
const HTTP_DATE = /^\s*[A-Za-z]{3},? .*\d{2}:\d{2}:\d{2}/;

/**
 * How long a response asks its client to wait before trying again, in whole milliseconds, or
 * `undefined` when it does not say (or says something that is not a delay: never NaN, never a
 * throw). `retry-after-ms` comes first (milliseconds, possibly fractional), then `retry-after` as
 * delta-seconds (a whole or decimal number) or as an HTTP-date in any of its three forms (IMF-fixdate,
 * RFC 850, asctime), measured from `now` (a date in the past gives 0). A fraction of a millisecond is
 * rounded up, so that a client never comes back earlier than asked; a delay past
 * `Number.MAX_SAFE_INTEGER` is that number. Header names are matched in any case; `headers` may be a
 * fetch `Headers`, a Map or a plain object.
 *
 * @param headers - The response's headers.
 * @param now - The time the response was received: a Date or epoch milliseconds. Default: now.
 *
 * @example
 * ```ts
 * import { parseRetryAfter } from 'faultline';
 *
 * parseRetryAfter(new Headers({ 'retry-after': '2' }));          // 2000
 * parseRetryAfter({ 'Retry-After-Ms': '150.5' });                 // 151
 * parseRetryAfter({ 'retry-after': 'Wed, 21 Oct 2026 07:28:00 GMT' }, Date.parse('Wed, 21 Oct 2026 07:27:30 GMT')); // 30000
 * parseRetryAfter({ 'retry-after': 'soon' });                     // undefined
 * ```
 */
export function parseRetryAfter(headers: unknown, now?: Date | number): number | undefined {
  const milliseconds = NUMBER.exec(headerValue(headers, 'retry-after-ms') ?? '');
  if (milliseconds !== null) return wholeDelay(Number(milliseconds[1]));
  const value = headerValue(headers, 'retry-after');
  if (value === undefined) return undefined;
  const seconds = NUMBER.exec(value);
  if (seconds !== null) return wholeDelay(Number(seconds[1]) * 1000);
  const from = epochOf(now);
  const date = rfc850Date(value, from) ?? (HTTP_DATE.test(value) ? Date.parse(value) : Number.NaN);
  if (Number.isNaN(date)) return undefined;
  return wholeDelay(Math.max(0, date - from));
}

// The obsolete HTTP-date RFC 9110 still has recipients accept: `Sunday, 06-Nov-94 08:49:37 GMT`.
const RFC_850_DATE = /^\s*[A-Za-z]{6,9}, (\d{2})-([A-Za-z]{3})-(\d{2}) (\d{2}):(\d{2}):(\d{2}) GMT\s*$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * An RFC 850 date in epoch milliseconds (NaN for one that is no date), or undefined for text of another
 * form. Its two-digit year is the one that puts the date no more than 50 years after `now`, and nearest
 * to it: a date that would be further ahead is the most recent such year in the past (RFC 9110, 5.6.7).
 */
function rfc850Date(value: string, now: number): number | undefined {
  const match = RFC_850_DATE.exec(value);
  if (match === null) return undefined;
  const [, day, monthName = '', shortYear, hours, minutes, seconds] = match;
  const month = MONTHS.indexOf(monthName);
  const at = (year: number): number => Date.UTC(year, month, Number(day), Number(hours), Number(minutes), Number(seconds));
  const latest = new Date(now);
  latest.setUTCFullYear(latest.getUTCFullYear() + 50);
  let year = latest.getUTCFullYear() - (latest.getUTCFullYear() % 100) + Number(shortYear);
  if (at(year) > latest.getTime()) year -= 100;
  const date = at(year);
  // Date.UTC rolls a day or a time past its end (February 30th) into the next: such a date is no date.
  const parsed = new Date(date);
  const exact = month !== -1 && parsed.getUTCDate() === Number(day) && parsed.getUTCHours() === Number(hours) &&
    parsed.getUTCMinutes() === Number(minutes) && parsed.getUTCSeconds() === Number(seconds);
  return exact ? date : Number.NaN;
}

// A delay past the whole numbers a field keeps is kept as the largest, not dropped: it is a delay
// nobody can wait (retry gives up on it), not no delay at all.
function wholeDelay(milliseconds: number): number | undefined {
  return toWholeNonNegative(Math.min(Math.ceil(milliseconds), Number.MAX_SAFE_INTEGER));
}

function epochOf(now: Date | number | undefined): number {
  const time = now instanceof Date ? now.getTime() : now;
  return typeof time === 'number' && Number.isFinite(time) ? time : Date.now();
}
