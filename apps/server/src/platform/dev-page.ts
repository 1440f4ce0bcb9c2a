import type { FastifyReply } from 'fastify';

/**
 * The pages our server serves in place of a third party's while its local implementation runs
 * (WeChat's consent screen, the broker's account-opening page): plain HTML, no caching, one look.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

const baseStyle = `body{margin:0;font-family:system-ui,"PingFang SC","Noto Sans CJK SC",sans-serif;background:#f7f7f7;color:#111}
main{max-width:420px;margin:0 auto;padding:48px 24px;text-align:center}
h1{font-size:20px;margin:0 0 8px}p{color:#666;font-size:14px}`;

/** Sends a local stand-in page; `title` is escaped, `body` and `style` are trusted markup. */
export function sendDevPage(reply: FastifyReply, page: { title: string; body: string; style?: string }) {
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(`<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)}</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<style>
${baseStyle}
${page.style ?? ''}
</style>
</head>
<body>
<main>
${page.body}
</main>
</body>
</html>`);
}
