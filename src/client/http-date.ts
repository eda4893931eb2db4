/**
 * HTTP dates (RFC 9110 §5.6.7, `Sun, 06 Nov 1994 08:49:37 GMT`), as the `Date` header and an
 * HTTP-date `Retry-After` carry them. Shared by the retry decision and the platform clock.
 */

/**
 * The instant an HTTP date names, in ms since the epoch; undefined when `value` is absent or not
 * an HTTP date. An HTTP date names its weekday first, so a number or `-1` is never one.
 */
export function parseHttpDate(value: string | undefined): number | undefined {
  const trimmed = value?.trim();
  if (trimmed === undefined || !/^[A-Za-z]{3},/.test(trimmed)) return undefined;
  const ms = Date.parse(trimmed);
  return Number.isNaN(ms) ? undefined : ms;
}
