/**
 * Login credentials written into other values: a page's query that a page view reports, a URL in
 * an event field or an error message, a request URL in the log (issue 14 defect 5). Parameters
 * named like a credential — any name ending in `token` (testToken, hbToken, token, access_token…),
 * the partner's `t_hb` and `ticket` — keep their name and lose their value, wherever they stand:
 * at the top of a query, in a URL inside a text, or percent-encoded once or twice inside another
 * parameter's value (`back=%2Fstock%3Ft_hb%3D…`).
 */
const SEPARATOR = '(?:^|[^A-Za-z0-9_]|%3F|%26|%253F|%2526)';
const NAME = '(?:[A-Za-z0-9_]*token|t_hb|ticket)';
const EQUALS = '(?:=|%3D|%253D)';
/** Where a value ends: the next parameter or fragment, raw or encoded, a space, a quote, the end. */
const VALUE_END = String.raw`(?=&|%26|%2526|#|%23|[\s"'<>]|$)`;

const credential = new RegExp(`(?<=${SEPARATOR})(${NAME}${EQUALS}).*?${VALUE_END}`, 'gi');
/** A cheap first look: most texts name no credential at all. */
const mayHoldCredential = /token|t_hb|ticket/i;

/** The text with the value of every credential parameter in it replaced by `***`. */
export function redactCredentials(text: string): string {
  if (!mayHoldCredential.test(text)) return text;
  return text.replace(credential, '$1***');
}
