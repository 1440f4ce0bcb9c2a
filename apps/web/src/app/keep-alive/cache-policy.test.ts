import { describe, expect, it } from 'vitest';
import { instanceKey, matchRoute } from '../routing/route-match.ts';
import { keptOnLeave, nextKeptPages, type PageInstance, pageInstance } from './cache-policy.ts';

/** A page instance from a URL, with the real route table's rules. */
function at(url: string): PageInstance {
  const [pathname = '/', search = ''] = url.split('?');
  const match = matchRoute(pathname);
  return match ? pageInstance(instanceKey(match, search), match.entry) : pageInstance(pathname, null);
}

const keys = (pages: readonly PageInstance[]) => pages.map((page) => page.key);

describe('keptOnLeave', () => {
  it('keeps tab pages whenever they are left', () => {
    for (const action of ['PUSH', 'POP', 'REPLACE'] as const) expect(keptOnLeave(at('/'), action)).toBe(true);
  });

  it('keeps forward pages only when left by a PUSH', () => {
    const stock = at('/stock?stockCode=600519.SH');
    expect(keptOnLeave(stock, 'PUSH')).toBe(true);
    expect(keptOnLeave(stock, 'POP')).toBe(false);
    expect(keptOnLeave(stock, 'REPLACE')).toBe(false);
  });

  it('never keeps uncached pages or unknown paths', () => {
    expect(keptOnLeave(at('/about'), 'PUSH')).toBe(false);
    expect(keptOnLeave(at('/no-such-page'), 'PUSH')).toBe(false);
  });
});

describe('nextKeptPages', () => {
  it('keeps a tab page when switching tabs and hands it back when returning', () => {
    const afterSwitch = nextKeptPages([], { from: at('/'), to: at('/fundHome'), action: 'PUSH' });
    expect(keys(afterSwitch)).toEqual(['/']);
    const afterReturn = nextKeptPages(afterSwitch, { from: at('/fundHome'), to: at('/'), action: 'PUSH' });
    expect(keys(afterReturn)).toEqual(['/fundHome']);
  });

  it('keeps a detail page when going deeper and drops it when going back from it', () => {
    const stock = at('/stock?stockCode=600519.SH');
    const deeper = nextKeptPages([at('/')], { from: stock, to: at('/stockNotice'), action: 'PUSH' });
    expect(keys(deeper)).toEqual(['/', '/stock?stockCode=600519.SH']);
    const backToStock = nextKeptPages(deeper, { from: at('/stockNotice'), to: stock, action: 'POP' });
    expect(keys(backToStock)).toEqual(['/']);
    const backHome = nextKeptPages(backToStock, { from: stock, to: at('/'), action: 'POP' });
    expect(keys(backHome)).toEqual([]);
  });

  it('keeps two stocks apart by their code', () => {
    const a = at('/stock?stockCode=600519.SH');
    const b = at('/stock?stockCode=000001.SZ');
    expect(keys(nextKeptPages([], { from: a, to: b, action: 'PUSH' }))).toEqual([
      '/stock?stockCode=600519.SH',
    ]);
  });

  it('drops a kept page when a PUSH lands on a path of its drop list (spec 2 §2.3)', () => {
    const ranking = at('/rankList_content?type=1');
    const kept = nextKeptPages([], { from: ranking, to: at('/stock?stockCode=600519.SH'), action: 'PUSH' });
    expect(keys(kept)).toEqual(['/rankList_content?type=1']);
    const pushedHome = nextKeptPages(kept, {
      from: at('/stock?stockCode=600519.SH'),
      to: at('/'),
      action: 'PUSH',
    });
    expect(keys(pushedHome)).toEqual(['/stock?stockCode=600519.SH']);
  });

  it('drops the page being left when the PUSH lands on its drop list', () => {
    const next = nextKeptPages([], { from: at('/researchAndNotice'), to: at('/favorite'), action: 'PUSH' });
    expect(next).toEqual([]);
  });

  it('matches the drop list by canonical path, so an alias or a query does not escape it', () => {
    const events = at('/importantEvents?code=600519.SH');
    const kept = nextKeptPages([events], {
      from: at('/about'),
      to: at('/stock?stockCode=1'),
      action: 'PUSH',
    });
    expect(kept).toEqual([]);
    const list = at('/componentStockList?code=000300.SH');
    expect(
      nextKeptPages([list], { from: null, to: at('/indexStock?stockCode=000300.SH'), action: 'PUSH' }),
    ).toEqual([]);
  });

  it('does not drop on POP or REPLACE, only on PUSH', () => {
    const ranking = at('/rankList_content');
    expect(keys(nextKeptPages([ranking], { from: at('/about'), to: at('/'), action: 'POP' }))).toEqual([
      '/rankList_content',
    ]);
    expect(keys(nextKeptPages([ranking], { from: at('/about'), to: at('/'), action: 'REPLACE' }))).toEqual([
      '/rankList_content',
    ]);
  });

  it('keeps the page that stays visible out of the hidden list', () => {
    const home = at('/');
    expect(nextKeptPages([home], { from: home, to: home, action: 'REPLACE' })).toEqual([]);
  });

  it('drops the least recently left pages beyond the limit', () => {
    let kept: PageInstance[] = [];
    let from = at('/');
    for (let i = 1; i <= 4; i += 1) {
      const to = at(`/stock?stockCode=${i}`);
      kept = nextKeptPages(kept, { from, to, action: 'PUSH' }, 3);
      from = to;
    }
    expect(keys(kept)).toEqual(['/stock?stockCode=1', '/stock?stockCode=2', '/stock?stockCode=3']);
  });
});
