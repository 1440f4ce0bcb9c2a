/**
 * A request path the way a lenient reader could understand it: percent-encoding decoded (an
 * encoded slash splits a segment too), letters in lower case, empty, `.` and `;`-parameter parts
 * dropped and `..` applied, as segments. Checks that look for a path prefix (the API lock's `/v3/`)
 * test these segments rather than the raw URL, so no spelling that the router, a proxy in front of
 * us or a future router option might accept slips past them.
 */
export function normalisedSegments(url: string): string[] {
  const queryStart = url.indexOf('?');
  const rawPath = queryStart < 0 ? url : url.slice(0, queryStart);
  const segments: string[] = [];
  for (const rawSegment of rawPath.split('/')) {
    for (const part of decodeSegment(rawSegment).split('/')) {
      const segment = (part.split(';')[0] ?? '').toLowerCase();
      if (segment === '' || segment === '.') continue;
      if (segment === '..') segments.pop();
      else segments.push(segment);
    }
  }
  return segments;
}

/** Percent-decoding that keeps what it cannot decode (a malformed or non-UTF-8 escape) as it came. */
function decodeSegment(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment.replace(/%([0-9a-f]{2})/gi, (sequence, hex: string) => {
      const byte = Number.parseInt(hex, 16);
      return byte < 0x80 ? String.fromCharCode(byte) : sequence;
    });
  }
}
