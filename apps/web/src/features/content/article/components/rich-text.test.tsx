import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RichText, withoutHandlerAttributes } from './rich-text.tsx';

describe('withoutHandlerAttributes', () => {
  it('renames every event-handler attribute before a parser meets it (Chromium reports each one as a CSP violation)', () => {
    expect(withoutHandlerAttributes('<img src="x" onerror="window.__xss = 2" alt="配图">')).toBe(
      '<img src="x" x-onerror="window.__xss = 2" alt="配图">',
    );
    expect(withoutHandlerAttributes("<p style='a' onclick=go ONMOUSEOVER='b'/onfocus=c>")).toBe(
      "<p style='a' x-onclick=go x-onMOUSEOVER='b'/x-onfocus=c>",
    );
  });

  it('leaves quoted values, even with a > in them, and the text between tags as they are', () => {
    const body = '<a title="a > b onclick=x" onclick="y">点 onclick=z 这里</a>';
    expect(withoutHandlerAttributes(body)).toBe(
      '<a title="a > b onclick=x" x-onclick="y">点 onclick=z 这里</a>',
    );
    expect(withoutHandlerAttributes('<p>bonus only, one=1</p>')).toBe('<p>bonus only, one=1</p>');
  });
});

describe('RichText', () => {
  it('renders a hostile body as its text and allowed tags only, with no handler under any name', () => {
    const { container } = render(
      <MemoryRouter>
        <RichText html={'<p onclick="x">正文<img src="/a.png" onerror="y" alt="图"></p><script>1</script>'} />
      </MemoryRouter>,
    );
    expect(container.textContent).toBe('正文');
    const image = container.querySelector('img');
    expect(image?.getAttribute('src')).toBe('/a.png');
    expect(container.querySelector('script')).toBeNull();
    for (const element of container.querySelectorAll('*'))
      expect(
        element.getAttributeNames().filter((name) => name.includes('on')),
        element.tagName,
      ).toEqual([]);
  });
});
