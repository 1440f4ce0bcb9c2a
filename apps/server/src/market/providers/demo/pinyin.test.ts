import { describe, expect, it } from 'vitest';
import { generateDemoCatalogue } from './instrument-catalogue.ts';
import { hasReading, toPinyin } from './pinyin.ts';

describe('toPinyin', () => {
  it.each([
    ['贵州茅台', 'gzmt', 'guizhoumaotai'],
    ['平安银行', 'payh', 'pinganyinhang'],
    ['宁德时代', 'ndsd', 'ningdeshidai'],
    ['中国平安', 'zgpa', 'zhongguopingan'],
    ['招商银行', 'zsyh', 'zhaoshangyinhang'],
    ['比亚迪', 'byd', 'biyadi'],
    ['中芯国际', 'zxgj', 'zhongxinguoji'],
    ['五粮液', 'wly', 'wuliangye'],
    ['工商银行', 'gsyh', 'gongshangyinhang'],
    ['中信证券', 'zxzq', 'zhongxinzhengquan'],
    ['腾讯控股', 'txkg', 'tengxunkonggu'],
    ['长江电力', 'cjdl', 'changjiangdianli'],
    ['片仔癀', 'pzh', 'pianzaihuang'],
  ])('%s → %s / %s', (name, initials, full) => {
    expect(toPinyin(name)).toEqual({ initials, full, unknown: [] });
  });

  it('passes ASCII letters and digits through lowercased', () => {
    expect(toPinyin('沪深300ETF')).toEqual({ initials: 'hs300etf', full: 'hushen300etf', unknown: [] });
    expect(toPinyin('万科A').initials).toBe('wka');
  });

  it('ignores Hong Kong share-class markers and brackets', () => {
    expect(toPinyin('阿里巴巴-W').initials).toBe('albb');
    expect(toPinyin('京东集团-SW').full).toBe('jingdongjituan');
    expect(toPinyin('招商中证白酒指数(LOF)').initials).toBe('zszzbjzslof');
  });

  it('reports characters missing from the table instead of guessing', () => {
    expect(toPinyin('贵州鑫龘')).toEqual({ initials: 'gzx', full: 'guizhouxin', unknown: ['龘'] });
  });

  it('knows every character of every catalogue name, under any seed', () => {
    for (const seed of [1, 2, 42, 20_190_722]) {
      for (const instrument of generateDemoCatalogue(seed).instruments) {
        expect(toPinyin(instrument.name).unknown, instrument.name).toEqual([]);
      }
    }
  });

  it('has a reading only for characters in the table', () => {
    expect(hasReading('茅')).toBe(true);
    expect(hasReading('A')).toBe(false);
  });
});
