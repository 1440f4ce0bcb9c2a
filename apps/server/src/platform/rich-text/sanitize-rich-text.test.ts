// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { owaspXssCases } from './owasp-xss-cases.ts';
import { richTextToPlain, sanitizeRichText } from './sanitize-rich-text.ts';

const allowedAttributes = new Set([
  'href',
  'title',
  'rel',
  'target',
  'src',
  'alt',
  'width',
  'height',
  'colspan',
  'rowspan',
]);
const forbiddenTags = new Set([
  'SCRIPT',
  'STYLE',
  'IFRAME',
  'FRAME',
  'FRAMESET',
  'OBJECT',
  'EMBED',
  'SVG',
  'MATH',
  'META',
  'LINK',
  'BASE',
  'FORM',
  'INPUT',
  'BUTTON',
  'BODY',
  'XML',
  'BGSOUND',
  'DETAILS',
  'VIDEO',
  'SOURCE',
  'TEMPLATE',
]);

/** The slice of the DOM the checks read (the server's types carry no DOM; jsdom provides it here). */
interface ParsedElement {
  tagName: string;
  attributes: Iterable<{ name: string; value: string }>;
}
const { DOMParser } = globalThis as unknown as {
  DOMParser: new () => {
    parseFromString(
      html: string,
      type: 'text/html',
    ): { body: { querySelectorAll(selector: string): Iterable<ParsedElement> } };
  };
};

/** What a browser would make of the output: every element and attribute, as a parser reads them. */
function unsafeParts(html: string): string[] {
  const document = new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html');
  const problems: string[] = [];
  for (const element of document.body.querySelectorAll('*')) {
    if (forbiddenTags.has(element.tagName)) problems.push(`tag ${element.tagName}`);
    for (const attribute of element.attributes) {
      if (!allowedAttributes.has(attribute.name)) problems.push(`attribute ${attribute.name}`);
      if (attribute.name === 'href' || attribute.name === 'src') {
        // A URL is kept only when it is http(s), protocol-relative or a path of this site.
        const value = attribute.value.trim();
        if (/^[a-z][a-z0-9+.-]*:/i.test(value) && !/^https?:/i.test(value)) problems.push(`url ${value}`);
      }
    }
  }
  return problems;
}

describe('sanitizeRichText', () => {
  it.each(owaspXssCases.map((vector, index) => [index + 1, vector]))(
    'OWASP case %i leaves no script, handler, style or script URL: %s',
    (_, vector) => {
      const output = sanitizeRichText(vector);
      expect(unsafeParts(output)).toEqual([]);
      expect(output).not.toMatch(/<\s*script/i);
      expect(output).not.toMatch(/(href|src)\s*=\s*["']?\s*(javascript|vbscript|data)/i);
      expect(output).not.toMatch(/\son[a-z]+\s*=/i);
    },
  );

  it('keeps the formatting of an article: paragraphs, headings, lists, tables, images and links', () => {
    const html =
      '<h2>收评</h2><p>上证指数收于 <strong>3,200.12</strong> 点，<em>上涨</em> 0.5%。</p>' +
      '<ul><li>电子</li><li>计算机</li></ul><table><tbody><tr><td colspan="2">成交额</td></tr></tbody></table>' +
      '<img src="/demo/menu/news.svg" alt="资讯"><a href="/stock?stockCode=600519.SH">贵州茅台</a>';
    // The only change is the void image written in XHTML style.
    expect(sanitizeRichText(html)).toBe(html.replace('alt="资讯">', 'alt="资讯" />'));
  });

  it('opens links to other sites in a new context that cannot reach back, and never takes rel or target from the input', () => {
    expect(sanitizeRichText('<a href="https://example.com/a" target="_self" rel="opener">外链</a>')).toBe(
      '<a href="https://example.com/a" rel="noopener noreferrer nofollow" target="_blank">外链</a>',
    );
    expect(sanitizeRichText('<a href="/about" target="_top">关于</a>')).toBe('<a href="/about">关于</a>');
  });

  it('drops unknown tags but keeps their text, and drops executable content with its text', () => {
    expect(sanitizeRichText('<marquee>滚动</marquee><script>alert(1)</script><div>块</div>')).toBe('滚动块');
  });

  it('escapes text that looks like markup instead of dropping it', () => {
    expect(sanitizeRichText('<p>1 < 2 & 3 > 2</p>')).toBe('<p>1 &lt; 2 &amp; 3 &gt; 2</p>');
  });
});

describe('richTextToPlain', () => {
  it('gives the words of rich text without tags or script', () => {
    expect(richTextToPlain('<h2>标题</h2><p>正文&amp;更多</p><script>alert(1)</script>')).toBe(
      '标题正文&更多',
    );
  });
});
