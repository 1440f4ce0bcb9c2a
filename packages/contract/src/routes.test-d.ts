import { expectTypeOf, test } from 'vitest';
import { href, type RouteName, type RouteParams } from './routes.ts';

// Compiled by `tsc -b` (npm test): a change that loosens these types fails the type check.
test('href types its route names, path parameters and query parameters', () => {
  expectTypeOf<'stock'>().toExtend<RouteName>();
  expectTypeOf<'home'>().toExtend<RouteName>();
  expectTypeOf<'/stock'>().not.toExtend<RouteName>();
  expectTypeOf<RouteParams<'stock'>>().toEqualTypeOf<{
    stockCode: string | number;
    i?: string | number | null;
  }>();

  href('home');
  href('stock', { stockCode: '600519.SH', i: 2 });
  href('financialReportPreview', { stock: '600519_SH', reportPeriod: '20240630' });
  // @ts-expect-error: no route has this name
  href('stocks', { stockCode: '600519.SH' });
  // @ts-expect-error: /stock needs its stockCode
  href('stock');
  // @ts-expect-error: /stock takes no `code` query
  href('stock', { stockCode: '600519.SH', code: '600519.SH' });
  // @ts-expect-error: the report route needs both path parameters
  href('financialReportPreview', { stock: '600519_SH' });
  // @ts-expect-error: a page without parameters takes none
  href('favorite', { code: '1' });
});
