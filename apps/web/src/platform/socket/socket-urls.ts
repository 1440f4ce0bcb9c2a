/**
 * Turns the configured endpoints (runtimeConfig.quoteSocketUrls: "relative URLs resolve against the
 * page's origin") into absolute ws:// or wss:// URLs: an https page gets wss, as browsers refuse
 * plain ws from a secure page.
 */
export function resolveSocketUrls(urls: readonly string[], pageUrl: string): string[] {
  return urls.map((url) => {
    const resolved = new URL(url, pageUrl);
    if (resolved.protocol === 'http:') resolved.protocol = 'ws:';
    else if (resolved.protocol === 'https:') resolved.protocol = 'wss:';
    return resolved.toString();
  });
}
