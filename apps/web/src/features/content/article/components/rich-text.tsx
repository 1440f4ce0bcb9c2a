import { richTextDroppedTags, richTextTags } from '@zhicai/domain';
import { createElement, Fragment, type ReactNode, useMemo } from 'react';
import { Link } from 'react-router';

/**
 * Renders an article body as React elements. The server has already sanitised it (sanitizeRichText,
 * an allow-list) before storing it; the body is still not handed to dangerouslySetInnerHTML: it is
 * parsed into an inert document (DOMParser runs no script and loads nothing) and only the allowed
 * tags and attributes are turned into elements. So a body that somehow skipped the server's
 * sanitiser still renders no script, handler or style, and links inside the app open through the
 * router instead of reloading the page.
 */

const allowedTags = new Set(richTextTags);
const voidTags = new Set(['br', 'hr', 'img']);
/** Dropped with their content, as the server drops them. */
const dropped = new Set(richTextDroppedTags);

/** http(s), protocol-relative or a path of this site; anything else is no URL to follow. */
export function safeUrl(value: string | null): string | null {
  if (value === null) return null;
  const url = value.trim();
  if (/^https?:\/\//i.test(url) || url.startsWith('//') || url.startsWith('/')) return url;
  return null;
}

function attributesOf(element: Element, key: string): Record<string, unknown> {
  const tag = element.tagName.toLowerCase();
  const props: Record<string, unknown> = { key };
  if (tag === 'img') {
    const src = safeUrl(element.getAttribute('src'));
    if (src) props.src = src;
    props.alt = element.getAttribute('alt') ?? '';
    props.loading = 'lazy';
    for (const name of ['width', 'height'])
      if (/^\d{1,4}$/.test(element.getAttribute(name) ?? ''))
        props[name] = Number(element.getAttribute(name));
  }
  if (tag === 'th' || tag === 'td')
    for (const [name, prop] of [
      ['colspan', 'colSpan'],
      ['rowspan', 'rowSpan'],
    ] as const)
      if (/^\d{1,2}$/.test(element.getAttribute(name) ?? ''))
        props[prop] = Number(element.getAttribute(name));
  return props;
}

function toReact(node: Node, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (dropped.has(tag)) return null;
  const children = Array.from(element.childNodes, (child, index) => toReact(child, `${key}.${index}`));
  if (!allowedTags.has(tag)) return createElement(Fragment, { key }, ...children);
  if (tag === 'a') {
    const target = safeUrl(element.getAttribute('href'));
    const title = element.getAttribute('title') ?? undefined;
    if (target === null) return createElement('span', { key }, ...children);
    if (target.startsWith('/') && !target.startsWith('//'))
      return createElement(Link, { key, to: target, title }, ...children);
    return createElement(
      'a',
      { key, href: target, title, target: '_blank', rel: 'noopener noreferrer nofollow' },
      ...children,
    );
  }
  const props = attributesOf(element, key);
  if (tag === 'img' && !props.src) return null;
  return voidTags.has(tag) ? createElement(tag, props) : createElement(tag, props, ...children);
}

/** A start tag, whose quoted attribute values may hold `>`. */
const startTag = /<[a-z][^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*>/gi;

/**
 * The body with every event-handler attribute renamed (`onerror` → `x-onerror`) before any parser
 * sees it. Chromium (156) reports a CSP violation for each handler attribute a parser meets, even in
 * DOMParser's inert document where it can never run: a hostile body would fill the console (and any
 * CSP report endpoint) although nothing executes. The allow-list below drops the renamed attributes
 * like any other; quoted values and text between tags are left as they are.
 */
export function withoutHandlerAttributes(html: string): string {
  return html.replace(startTag, (tag) =>
    tag.replace(
      /("[^"]*"|'[^']*')|([\s/])on(?=[a-z])/gi,
      (match, quoted: string | undefined, lead: string) => (quoted === undefined ? `${lead}x-on` : match),
    ),
  );
}

/** Sanitised HTML as React elements. */
export function RichText({ html, className }: { html: string; className?: string }) {
  const content = useMemo(() => {
    const document = new DOMParser().parseFromString(
      `<!doctype html><body>${withoutHandlerAttributes(html)}</body>`,
      'text/html',
    );
    return Array.from(document.body.childNodes, (node, index) => toReact(node, String(index)));
  }, [html]);
  return <div className={['rich-text', className].filter(Boolean).join(' ')}>{content}</div>;
}
