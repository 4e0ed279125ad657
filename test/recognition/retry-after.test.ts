import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../../src/index.js';

const NOW = Date.parse('Wed, 21 Oct 2026 07:28:00 GMT');

describe('parseRetryAfter', () => {
  it.each([
    ['retry-after in whole seconds', { 'retry-after': '2' }, 2000],
    ['retry-after in decimal seconds, rounded up to a millisecond', { 'retry-after': '1.2345' }, 1235],
    ['retry-after of zero', { 'retry-after': '0' }, 0],
    ['retry-after with spaces around it', { 'retry-after': ' 3 ' }, 3000],
    ['retry-after-ms, fractional, rounded up', { 'retry-after-ms': '150.2' }, 151],
    ['retry-after-ms before retry-after', { 'retry-after-ms': '500', 'retry-after': '9' }, 500],
    ['retry-after when retry-after-ms is garbage', { 'retry-after-ms': 'soon', 'retry-after': '9' }, 9000],
    ['an HTTP-date 30 s after now', { 'retry-after': 'Wed, 21 Oct 2026 07:28:30 GMT' }, 30_000],
    ['an HTTP-date in the past', { 'retry-after': 'Wed, 21 Oct 2026 07:00:00 GMT' }, 0],
    ['an RFC 850 date 30 s after now', { 'retry-after': 'Wednesday, 21-Oct-26 07:28:30 GMT' }, 30_000],
    ['an asctime date 30 s after now', { 'retry-after': 'Wed Oct 21 07:28:30 2026' }, 30_000],
    ['an asctime date with a one-digit day, padded with a space', { 'retry-after': 'Thu Oct  1 07:28:30 2026' }, 0],
    ['an asctime date of a day in ten days', { 'retry-after': 'Sat Oct 31 07:28:00 2026' }, 864_000_000],
    ['an IMF-fixdate at the last second of the day', { 'retry-after': 'Wed, 21 Oct 2026 23:59:59 GMT' }, Date.UTC(2026, 9, 21, 23, 59, 59) - NOW],
    ['an IMF-fixdate in December', { 'retry-after': 'Thu, 31 Dec 2026 00:00:00 GMT' }, Date.UTC(2026, 11, 31) - NOW],
    ['a value of exactly 1,024 characters', { 'retry-after': `1${' '.repeat(1023)}` }, 1000],
    // Two digits of year: this century, unless that is more than 50 years ahead (RFC 9110, 5.6.7).
    ['an RFC 850 date of 2076, 50 years ahead', { 'retry-after': 'Wednesday, 21-Oct-76 07:28:00 GMT' }, Date.UTC(2076, 9, 21, 7, 28) - NOW],
    ['an RFC 850 date of 1977, not 2077, in the past', { 'retry-after': 'Thursday, 21-Oct-77 07:28:00 GMT' }, 0],
    ['names in any case', { 'Retry-After': '4' }, 4000],
    // Kept as the largest whole number a field holds, not dropped: a delay nobody can wait, not none.
    ['retry-after of more seconds than any whole number holds', { 'retry-after': '99999999999999999999' }, Number.MAX_SAFE_INTEGER],
    ['retry-after of 400 digits', { 'retry-after': '9'.repeat(400) }, Number.MAX_SAFE_INTEGER],
    ['retry-after-ms past the whole numbers', { 'retry-after-ms': '9007199254740993' }, Number.MAX_SAFE_INTEGER],
    ['retry-after-ms at the largest whole number', { 'retry-after-ms': '9007199254740991' }, Number.MAX_SAFE_INTEGER],
  ])('reads %s', (_, headers, expected) => {
    expect(parseRetryAfter(headers, NOW)).toBe(expected);
  });

  it.each([
    ['no header', {}],
    ['a word', { 'retry-after': 'soon' }],
    ['a negative number', { 'retry-after': '-1' }],
    ['a number with a unit', { 'retry-after': '2s' }],
    ['a date that does not parse', { 'retry-after': 'Wed, 99 Foo 2026 99:99:99 GMT' }],
    ['an RFC 850 date of February 30th', { 'retry-after': 'Sunday, 30-Feb-27 07:28:30 GMT' }],
    ['an RFC 850 date at 25 o’clock', { 'retry-after': 'Sunday, 21-Feb-27 25:00:00 GMT' }],
    ['an RFC 850 date of an unknown month', { 'retry-after': 'Sunday, 21-Foo-27 07:28:30 GMT' }],
    ['a bare number too large to be a delay', { 'retry-after': '1e400' }],
    ['Infinity', { 'retry-after-ms': 'Infinity' }],
    ['an empty value', { 'retry-after': '' }],
    // Longer than any header faultline reads: its first part (`1` and spaces) would read as one second.
    ['a value cut to its first 1,024 characters', { 'retry-after': `1${' '.repeat(1023)}x` }],
    // RFC 9110's three forms only, as written: a runtime's Date.parse reads these as dates.
    ['a weekday, a year and a time, and no day or month', { 'retry-after': 'Mon, 2099 10:00:00' }],
    ['an IMF-fixdate in lower case', { 'retry-after': 'wed, 21 oct 2026 07:28:30 gmt' }],
    ['an IMF-fixdate in another zone', { 'retry-after': 'Wed, 21 Oct 2026 07:28:30 UTC' }],
    ['an IMF-fixdate with a one-digit day', { 'retry-after': 'Wed, 1 Oct 2026 07:28:30 GMT' }],
    ['an IMF-fixdate with an unknown weekday', { 'retry-after': 'Wen, 21 Oct 2026 07:28:30 GMT' }],
    ['an IMF-fixdate of February 30th', { 'retry-after': 'Fri, 30 Feb 2029 07:28:30 GMT' }],
    ['an ISO 8601 time', { 'retry-after': '2026-10-21T07:28:30Z' }],
    ['an asctime date with a zone', { 'retry-after': 'Wed Oct 21 07:28:30 2026 GMT' }],
    ['an RFC 850 date with a short weekday', { 'retry-after': 'Wed, 21-Oct-26 07:28:30 GMT' }],
    ['an IMF-fixdate at a 60th minute', { 'retry-after': 'Wed, 21 Oct 2026 07:60:00 GMT' }],
    ['an IMF-fixdate at a 60th second', { 'retry-after': 'Wed, 21 Oct 2026 07:28:60 GMT' }],
    ['an asctime date at 24 o’clock', { 'retry-after': 'Wed Oct 21 24:00:00 2026' }],
    ['an asctime date of day 0', { 'retry-after': 'Wed Oct  0 07:28:30 2026' }],
    ['an asctime date of an unknown month', { 'retry-after': 'Wed Oca 21 07:28:30 2026' }],
  ])('gives undefined for %s, never NaN and never a throw', (_, headers) => {
    expect(parseRetryAfter(headers, NOW)).toBeUndefined();
  });

  it('reads an RFC 850 two-digit year as the one no more than 50 years ahead, across a century too', () => {
    // On the last day of 2099, `00` is 2100, a minute ahead; in 2025, `75` on December 31st is 1975, not 2075.
    expect(parseRetryAfter({ 'retry-after': 'Friday, 01-Jan-00 00:00:30 GMT' }, Date.UTC(2099, 11, 31, 23, 59, 30))).toBe(60_000);
    expect(parseRetryAfter({ 'retry-after': 'Tuesday, 31-Dec-75 00:00:00 GMT' }, Date.UTC(2025, 0, 1))).toBe(0);
    // February 29th is a date in a leap year only.
    expect(parseRetryAfter({ 'retry-after': 'Tuesday, 29-Feb-28 00:00:00 GMT' }, Date.UTC(2028, 1, 28, 23, 59))).toBe(60_000);
    expect(parseRetryAfter({ 'retry-after': 'Monday, 29-Feb-27 00:00:00 GMT' }, Date.UTC(2027, 1, 28, 23, 59))).toBeUndefined();
  });

  it('takes now as a Date or epoch milliseconds, and the current time by default', () => {
    const headers = new Headers({ 'retry-after': 'Wed, 21 Oct 2026 07:28:10 GMT' });
    expect(parseRetryAfter(headers, new Date(NOW))).toBe(10_000);
    expect(parseRetryAfter(headers, NOW)).toBe(10_000);
    // Ten minutes ahead, so that a slow machine leaves what is read well above the bound.
    expect(parseRetryAfter(new Headers({ 'retry-after': new Date(Date.now() + 600_000).toUTCString() }))).toBeGreaterThan(480_000);
  });

  it('takes a now that is no time as the current time, never as 1970', () => {
    const inTenMinutes = { 'retry-after': new Date(Date.now() + 600_000).toUTCString() };
    for (const now of [null, '', '0', Number.NaN, Number.POSITIVE_INFINITY, new Date(Number.NaN)]) {
      const delay = parseRetryAfter(inTenMinutes, now as unknown as number);
      expect(delay).toBeGreaterThan(480_000);
      expect(delay).toBeLessThanOrEqual(600_000);
    }
  });

  it('reads a Headers, a Map and a plain object alike', () => {
    expect(parseRetryAfter(new Headers({ 'Retry-After': '1' }))).toBe(1000);
    expect(parseRetryAfter(new Map([['Retry-After', '1']]))).toBe(1000);
    expect(parseRetryAfter({ 'retry-after': ['1'] })).toBe(1000);
    expect(parseRetryAfter(undefined)).toBeUndefined();
  });
});
