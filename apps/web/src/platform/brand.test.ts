import { describe, expect, it } from 'vitest';
import { brandName, documentTitle } from './brand.ts';

describe('brand', () => {
  it('names the two brand variants', () => {
    expect(brandName('zhicai')).toBe('知财');
    expect(brandName('zhicaiPro')).toBe('知财Pro');
  });

  it('builds the document title from the page title and the brand', () => {
    expect(documentTitle('个股详情', 'zhicaiPro')).toBe('个股详情 - 知财Pro');
    expect(documentTitle(null, 'zhicai')).toBe('知财');
  });

  it('uses the plain brand when no runtime config was injected', () => {
    expect(brandName()).toBe('知财');
  });
});
