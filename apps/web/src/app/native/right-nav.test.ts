import { describe, expect, it } from 'vitest';
import { rightNavPayload } from './right-nav.ts';

describe('right-nav type (spec 1 §4)', () => {
  it('is 12 from app version 2022102000 on every page', () => {
    expect(rightNavPayload('2022102000', '/stock')).toEqual({ type: 12 });
    expect(rightNavPayload('2023010100', '/')).toEqual({ type: 12 });
    expect(rightNavPayload('2022101900', '/')).toEqual({ type: 2 });
  });

  it('is 12 from short version 90 on the home page only', () => {
    expect(rightNavPayload('90', '/')).toEqual({ type: 12 });
    expect(rightNavPayload('90', '/stock')).toEqual({ type: 2 });
    expect(rightNavPayload('89', '/')).toEqual({ type: 2 });
    expect(rightNavPayload(null, '/')).toEqual({ type: 2 });
  });
});
