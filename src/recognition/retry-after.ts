import { headerValue } from '../foundation/header-value.js';
import { toWholeNonNegative } from '../foundation/whole-number.js';

// Delta-seconds, whole or decimal as some servers send them, or `retry-after-ms`'s possibly fractional milliseconds.
const NUMBER = /^\s*(\d+(?:\.\d+)?)\s*$/;

/**
 * How long a response asks its client to wait, in whole milliseconds, or `undefined` when it does not say:
 * never NaN, never a throw. `retry-after-ms` first, then `retry-after` as seconds or as an HTTP-date in one
 * of RFC 9110's three forms, measured from `now`. Rounded up, so that a client never comes back early
 * (docs/mapping.md).
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
  const date = httpDate(value.trim(), from);
  return date === undefined ? undefined : wholeDelay(Math.max(0, date - from));
}

// RFC 9110, 5.6.7: the three forms, with their day and month names as written there (letter case included).
// IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT`.
const IMF_FIXDATE = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), (?<day>\d\d) (?<month>[A-Z][a-z]{2}) (?<year>\d{4}) (?<h>\d\d):(?<m>\d\d):(?<s>\d\d) GMT$/;
// RFC 850, obsolete: `Sunday, 06-Nov-94 08:49:37 GMT`.
const RFC_850 = /^(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, (?<day>\d\d)-(?<month>[A-Z][a-z]{2})-(?<year>\d\d) (?<h>\d\d):(?<m>\d\d):(?<s>\d\d) GMT$/;
// asctime: `Sun Nov  6 08:49:37 1994`, a day below 10 padded with a space.
const ASCTIME = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) (?<month>[A-Z][a-z]{2}) (?<day>[ \d]\d) (?<h>\d\d):(?<m>\d\d):(?<s>\d\d) (?<year>\d{4})$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Undefined for a day or time that does not exist (February 30th), which Date.UTC would roll into the next. */
function httpDate(value: string, now: number): number | undefined {
  const found = (IMF_FIXDATE.exec(value) ?? RFC_850.exec(value) ?? ASCTIME.exec(value))?.groups;
  if (found === undefined) return undefined;
  const [day, year, hours, minutes, seconds] = [found.day, found.year, found.h, found.m, found.s].map(Number) as [number, number, number, number, number];
  const month = MONTHS.indexOf(found.month as string);
  const at = (fullYear: number): number => {
    const date = new Date(Date.UTC(2000, month, day, hours, minutes, seconds));
    date.setUTCFullYear(fullYear); // Date.UTC would read a year below 100 as 19xx
    return date.getTime();
  };
  let fullYear = year;
  if ((found.year as string).length === 2) {
    // RFC 850's two-digit year is the one that puts the date no more than 50 years after `now`: a date
    // that would be further ahead is the most recent such year in the past.
    const latest = new Date(now);
    latest.setUTCFullYear(latest.getUTCFullYear() + 50);
    fullYear += latest.getUTCFullYear() - (latest.getUTCFullYear() % 100);
    if (at(fullYear) > latest.getTime()) fullYear -= 100;
  }
  const date = new Date(at(fullYear));
  const exact = month !== -1 && date.getUTCMonth() === month && date.getUTCDate() === day && date.getUTCHours() === hours &&
    date.getUTCMinutes() === minutes && date.getUTCSeconds() === seconds;
  return exact ? date.getTime() : undefined;
}

// Kept as the largest, not dropped: a delay nobody can wait (retry gives up on it), not no delay at all.
function wholeDelay(milliseconds: number): number | undefined {
  return toWholeNonNegative(Math.min(Math.ceil(milliseconds), Number.MAX_SAFE_INTEGER));
}

function epochOf(now: Date | number | undefined): number {
  const time = now instanceof Date ? now.getTime() : now;
  return typeof time === 'number' && Number.isFinite(time) ? time : Date.now();
}
