import { describe, expect, it } from 'vitest';
import { normalisedSegments } from './request-path.ts';

describe('normalisedSegments', () => {
  it.each([
    ['/api/v3/details/stockBaseInfo?code=600519.SH', ['api', 'v3', 'details', 'stockbaseinfo']],
    ['/api/v%33/details', ['api', 'v3', 'details']],
    ['/api/v3%2Fdetails', ['api', 'v3', 'details']],
    ['//api///V3/./details/', ['api', 'v3', 'details']],
    ['/api/v2/../v3/x', ['api', 'v3', 'x']],
    ['/api/%2e%2e/v3/x', ['v3', 'x']],
    ['/api/v3;jsessionid=1/x', ['api', 'v3', 'x']],
  ])('reads %s as its segments', (url, segments) => {
    expect(normalisedSegments(url)).toEqual(segments);
  });

  it('keeps an escape it cannot decode and still decodes the ASCII ones beside it', () => {
    expect(normalisedSegments('/api/v%33/%ff%fe')).toEqual(['api', 'v3', '%ff%fe']);
    expect(normalisedSegments('/api/%76%33%ff/x')).toEqual(['api', 'v3%ff', 'x']);
  });
});
