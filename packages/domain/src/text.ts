/**
 * Display-width helpers (spec 1 §5). Characters are Unicode code points, so an emoji or a rare CJK
 * character outside the BMP counts once and is never cut in half.
 */

/** spec 1 §5: non-ASCII characters count 2 (a CJK glyph is about two Latin glyphs wide), ASCII 1. */
export function textWidth(text: string): number {
  let width = 0;
  for (const character of text) {
    width += (character.codePointAt(0) ?? 0) <= 0x7f ? 1 : 2;
  }
  return width;
}

/** spec 1 §5: strings over `maxChars` (8) characters keep their first 8 characters plus '…'. */
export function truncateText(text: string, maxChars = 8): string {
  const characters = Array.from(text);
  return characters.length > maxChars ? `${characters.slice(0, maxChars).join('')}…` : text;
}
