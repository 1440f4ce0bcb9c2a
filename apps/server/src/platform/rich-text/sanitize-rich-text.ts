import { richTextDroppedTags, richTextTags } from '@zhicai/domain';
import sanitizeHtml from 'sanitize-html';

/**
 * The one sanitiser of rich text (issue 17 item 5): every article body, activity text and comment
 * passes through `sanitizeRichText` before it is stored, so what the database holds is safe to
 * render. An allow-list, not a deny-list: only the tags and attributes below survive, everything
 * else is dropped (script, style, iframe, object, embed, form, svg, math… with their content for
 * the executable ones), no `on*` handler or `style` attribute is kept, and a link or image may
 * point only at http(s) or at a path of this site. Relative URLs keep articles portable between
 * deployments; `javascript:`, `data:`, `vbscript:` and every other scheme are removed, however
 * they are spelt (entities, whitespace, case: sanitize-html decodes before it compares).
 */

/** A link to another site (http, https or protocol-relative), as opposed to a path of this app. */
function isExternal(url: string | undefined): boolean {
  return url !== undefined && /^(https?:)?\/\//i.test(url);
}

const options: sanitizeHtml.IOptions = {
  allowedTags: [...richTextTags],
  allowedAttributes: {
    // rel and target are set below, never taken from the input.
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  // `//host/x` takes the page's scheme, https in production: an absolute http(s) link.
  allowProtocolRelative: true,
  // No iframe survives: an embedded page is a page we cannot sanitise.
  allowedIframeHostnames: [],
  nonTextTags: [...richTextDroppedTags],
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link to another site opens in a new browsing context that cannot reach back into the app.
    a: (tagName, attribs) => {
      const { rel: _rel, target: _target, ...rest } = attribs;
      return {
        tagName,
        attribs: isExternal(rest.href)
          ? { ...rest, rel: 'noopener noreferrer nofollow', target: '_blank' }
          : rest,
      };
    },
  },
};

/** Sanitised rich text: safe to store and to render as HTML. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/** The text of rich text, for summaries and search: tags removed, whitespace collapsed. */
export function richTextToPlain(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {}, nonTextTags: [...richTextDroppedTags] })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
