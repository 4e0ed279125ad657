import { headerValue } from '../foundation/header-value.js';

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

// RFC 9110, 5.6.7: the three forms, with their day and month names as written there (letter case included),
// and a time of day that exists (no 25 o'clock, no 61st minute).
// IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT`.
const IMF_FIXDATE = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d\d) ([A-Z][a-z]{2}) (\d{4}) ([01]\d|2[0-3]):([0-5]\d):([0-5]\d) GMT$/;
// RFC 850, obsolete: `Sunday, 06-Nov-94 08:49:37 GMT`.
const RFC_850 = /^(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, (\d\d)-([A-Z][a-z]{2})-(\d\d) ([01]\d|2[0-3]):([0-5]\d):([0-5]\d) GMT$/;
// asctime: `Sun Nov  6 08:49:37 1994`, a day below 10 padded with a space.
const ASCTIME = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) ([A-Z][a-z]{2}) ([ \d]\d) ([01]\d|2[0-3]):([0-5]\d):([0-5]\d) (\d{4})$/;
// A month name is capitalised, so it is found only where one starts: at a multiple of 3.
const MONTHS = 'JanFebMarAprMayJunJulAugSepOctNovDec';

/** Undefined for a day that does not exist (February 30th), which Date.UTC would roll into the next month. */
function httpDate(value: string, now: number): number | undefined {
  const asctime = ASCTIME.exec(value);
  // In the order of the other two forms: day, month, year, hours, minutes, seconds.
  const parts = asctime === null ? (IMF_FIXDATE.exec(value) ?? RFC_850.exec(value))?.slice(1) : [2, 1, 6, 3, 4, 5].map((group) => asctime[group]);
  if (parts === undefined) return undefined;
  const [day, month, year, hours, minutes, seconds] = parts.map((part, index) => (index === 1 ? MONTHS.indexOf(part as string) / 3 : Number(part))) as [number, number, number, number, number, number];
  // A four-digit year below 100 reads as 19xx, as Date.UTC reads it: in the past either way.
  const at = (fullYear: number): Date => new Date(Date.UTC(fullYear, month, day, hours, minutes, seconds));
  let fullYear = year;
  if ((parts[2] as string).length === 2) {
    // RFC 850's two-digit year is the one that puts the date no more than 50 years after `now`: a date
    // that would be further ahead is the most recent such year in the past.
    const latest = new Date(now);
    latest.setUTCFullYear(latest.getUTCFullYear() + 50);
    fullYear += latest.getUTCFullYear() - (latest.getUTCFullYear() % 100);
    if (at(fullYear) > latest) fullYear -= 100;
  }
  const date = at(fullYear);
  return month >= 0 && date.getUTCDate() === day ? date.getTime() : undefined;
}

// A delay past the largest safe integer is kept as that, not dropped: a delay nobody can wait (retry gives up
// on it), not no delay at all. No delay here is negative or NaN: the patterns above let no sign through.
function wholeDelay(milliseconds: number): number {
  return Math.min(Math.ceil(milliseconds), Number.MAX_SAFE_INTEGER);
}

// An invalid Date, a number that is no time, or anything else a JavaScript caller gives (null) reads as now.
function epochOf(now: Date | number | undefined): number {
  const time = now instanceof Date ? now.getTime() : now;
  return typeof time === 'number' && Number.isFinite(time) ? time : Date.now();
}
