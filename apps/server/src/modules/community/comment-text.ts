/**
 * The rules comment text passes before it is stored (issue 17 item 5). Comments are plain text: they
 * are stored as text and shown as text, never as HTML, so no markup can reach a page; what is
 * cleaned here is what text itself can abuse.
 */

/**
 * Words a comment, question, answer or feedback may not carry: stock-tip touting and moving users
 * to private channels (the usual fraud in investor communities), guaranteed returns, and plain
 * abuse. Matched after folding case, width and spacing, so "加 微 信" and "ＶＸ" are caught too.
 * Kept short on purpose: the list catches the common abuse; reports (tipoff) catch the rest.
 */
export const blockedWords: readonly string[] = [
  '加微信',
  '加v',
  '加vx',
  '私聊带你',
  '荐股群',
  '内幕消息',
  '稳赚不赔',
  '保本保收益',
  '代客理财',
  '拉升出货',
  '傻逼',
  '去死',
];

/** Full-width ASCII to half-width, lower case, no spaces or punctuation joining a word apart. */
function fold(text: string): string {
  return text
    .replace(/[\uff01-\uff5e]/g, (character) => String.fromCharCode(character.charCodeAt(0) - 0xfee0))
    .toLowerCase()
    .replace(/[\s·.\-_*~]+/g, '');
}

/** The first blocked word the text carries, or null. */
export function blockedWordIn(text: string): string | null {
  const folded = fold(text);
  return blockedWords.find((word) => folded.includes(fold(word))) ?? null;
}

/**
 * Plain text as stored: control characters (other than line breaks) and bidirectional overrides
 * removed, since they can make a comment display as something else than it says; runs of blank
 * lines shortened; ends trimmed.
 */
export function cleanPlainText(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      // Control characters other than the line break, then zero-width and direction marks.
      .replace(/[^\P{Cc}\n]/gu, '')
      .replace(/[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

/** The start of a text, for a message excerpt. */
export function excerptOf(text: string, length = 60): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}
