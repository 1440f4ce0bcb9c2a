import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, stubApi } from '../../../testing/api-stub.ts';
import { renderPages } from '../../../testing/render.tsx';
import { industryCompare } from '../testing/stock-fixtures.ts';
import { IndustryCompareSection } from './industry-compare-section.tsx';

// Vitest hands CSS imports over empty, and the web project has no Node types, so the stylesheet is
// read with Node's own fs, reached through process.getBuiltinModule (Node 20.16+), and put into the
// document so jsdom cascades it.
interface NodeFs {
  readFileSync(path: string, encoding: 'utf8'): string;
}
const fs = (
  globalThis as unknown as { process: { getBuiltinModule(id: 'node:fs'): NodeFs } }
).process.getBuiltinModule('node:fs');
// A path, not the URL: jsdom's URL class is not the one Node's fs accepts. The test's own URL is
// held in a variable so Vite does not rewrite `new URL(…, import.meta.url)` into an asset path.
const testFile = import.meta.url;
const sectionsCss = fs.readFileSync(decodeURIComponent(new URL('./sections.css', testFile).pathname), 'utf8');

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.querySelector('style[data-test="sections"]')?.remove();
});

describe('行业对比', () => {
  // Regression: the table scrolls sideways over its many columns, and the name column scrolled out
  // of view with them, leaving figures without the company they belong to.
  it('keeps the name column in view while the table scrolls sideways', async () => {
    const style = document.createElement('style');
    style.dataset.test = 'sections';
    style.textContent = sectionsCss;
    document.head.append(style);
    stubApi({ 'stock.industryCompareDetail': ok(industryCompare) });
    renderPages('/stock', { '/stock': <IndustryCompareSection code="600519.SH" /> });
    const region = await screen.findByRole('region', { name: '行业对比' });
    const table = await within(region).findByRole('table');
    const names = [
      within(table).getByRole('columnheader', { name: '名称' }),
      ...within(table).getAllByRole('rowheader'),
    ];
    expect(names.map((cell) => cell.textContent)).toEqual(['名称', '贵州茅台', '五粮液']);
    for (const cell of names) {
      const computed = getComputedStyle(cell);
      expect(computed.position, cell.textContent ?? '').toBe('sticky');
      expect(computed.left, cell.textContent ?? '').toBe('0px');
    }
    // The other columns scroll under it.
    const roe = within(table).getByRole('columnheader', { name: 'ROE' });
    expect(getComputedStyle(roe).position).not.toBe('sticky');
  });

  it('opens 对比 with the stock chosen, and its industry ranking', async () => {
    stubApi({ 'stock.industryCompareDetail': ok(industryCompare) });
    renderPages('/stock', { '/stock': <IndustryCompareSection code="600519.SH" /> });
    const region = await screen.findByRole('region', { name: '行业对比' });
    expect(within(region).getByRole('link', { name: '对比' }).getAttribute('href')).toBe(
      '/compare-search?type=stock&codes=600519.SH',
    );
    expect(within(region).getByRole('link', { name: '行业排名' }).getAttribute('href')).toBe(
      '/IndustryCompare?code=600519.SH',
    );
  });
});
