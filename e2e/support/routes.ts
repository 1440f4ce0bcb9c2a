import type { RouteEntry } from '@zhicai/contract';

/** Sample values for the :params of the route table (spec 2 §2.1 for the report preview). */
const sampleParams: Readonly<Record<string, string>> = {
  stock: '600519_SH',
  reportPeriod: '20240630',
  id: '1',
  articleId: '1',
  commId: '1',
};

/** A visitable URL for a route path: params filled in, and a code for keyed detail pages. */
export function sampleUrl(path: string, entry: RouteEntry): string {
  const filled = path.replace(/:(\w+)/g, (_, name: string) => sampleParams[name] ?? '1');
  const key = entry.keys?.[0];
  return key ? `${filled}?${key}=600519.SH` : filled;
}
