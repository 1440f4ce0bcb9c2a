import { describe, expect, it } from 'vitest';
import {
  indicatorKind,
  indicatorValueText,
  pdfOpening,
  pdfSource,
  periodFromParam,
  periodTitle,
  recentPeriods,
  reportHref,
  stockCodeFromParam,
} from './report-rules.ts';

describe('route parameters (spec 2 §2.1)', () => {
  it('turns the underscore of the stock parameter back into a dot', () => {
    expect(stockCodeFromParam('600519_SH')).toBe('600519.SH');
    expect(stockCodeFromParam('000001_sz')).toBe('000001.SZ');
    expect(reportHref('600519.SH', '20231231')).toBe('/financialReportPreview/600519_SH/20231231');
  });

  it('defaults the period to 20240630', () => {
    expect(periodFromParam(undefined)).toBe('20240630');
    expect(periodFromParam('')).toBe('20240630');
    expect(periodFromParam('20231231')).toBe('20231231');
  });

  it('titles a period with its year and report name', () => {
    expect(periodTitle('20240630')).toBe('2024中报');
    expect(periodTitle('20231231')).toBe('2023年报');
    expect(periodTitle('2023')).toBe('2023');
  });
});

describe('key indicators (spec 2 §5)', () => {
  it('shows names ending in 率 or 比 as a percent of a fraction', () => {
    expect(indicatorKind('毛利率')).toBe('percent');
    expect(indicatorKind('资产负债比')).toBe('percent');
    expect(indicatorValueText({ name: '毛利率', value: 0.9176 })).toBe('91.76%');
    expect(indicatorValueText({ name: 'ROE 净资产收益率', value: -0.052 })).toBe('-5.20%');
  });

  it('shows names ending in 天数 with a 天 suffix', () => {
    expect(indicatorKind('应收账款周转天数')).toBe('days');
    expect(indicatorValueText({ name: '存货周转天数', value: 36.456 })).toBe('36.46天');
  });

  it('shows anything else as an amount in 万/亿', () => {
    expect(indicatorKind('营业收入')).toBe('amount');
    expect(indicatorValueText({ name: '营业收入', value: 147_693_604_994 })).toBe('1477亿');
    expect(indicatorValueText({ name: '经营现金流', value: -12_345_678 })).toBe('-1235万');
  });

  it('shows -- for a missing value', () => {
    expect(indicatorValueText({ name: '毛利率', value: null })).toBe('--');
    expect(indicatorValueText({ name: '存货周转天数', value: null })).toBe('--');
  });
});

describe('recent periods (offered when a period is not reported)', () => {
  it('lists the period ends up to today, newest first', () => {
    expect(recentPeriods(new Date(2024, 7, 15), 5)).toEqual([
      '20240630',
      '20240331',
      '20231231',
      '20230930',
      '20230630',
    ]);
  });
});

describe('PDF entry (spec 2 §2.1)', () => {
  const pdf = '/files/report/600519.SH/20231231.pdf';

  it('goes to the viewer on the web', () => {
    expect(pdfOpening(pdf, { inNativeApp: false, device: 'ios', appInfo: null })).toEqual({
      kind: 'viewer',
      href: `/pdf?file=${encodeURIComponent(pdf)}`,
    });
  });

  it('asks an iPad app above 2022061500 to open it (padTo)', () => {
    const appInfo = { isPad: true, version: '2022061501' };
    expect(pdfOpening(pdf, { inNativeApp: true, device: 'ipad', appInfo })).toEqual({ kind: 'padTo', pdf });
  });

  it('does not use padTo on an iPad app of 2022061500 or older', () => {
    const appInfo = { isPad: true, version: '2022061500' };
    expect(pdfOpening(pdf, { inNativeApp: true, device: 'ipad', appInfo }).kind).toBe('viewer');
  });

  it('opens a new window on iPhone', () => {
    const appInfo = { isPad: false, version: '2022102000' };
    expect(pdfOpening(pdf, { inNativeApp: true, device: 'ios', appInfo })).toEqual({
      kind: 'newWindow',
      url: pdf,
    });
  });

  it('navigates to the viewer on other devices and when appInfo failed', () => {
    const appInfo = { isPad: false, version: '2022102000' };
    expect(pdfOpening(pdf, { inNativeApp: true, device: 'android', appInfo }).kind).toBe('viewer');
    expect(pdfOpening(pdf, { inNativeApp: true, device: 'android', appInfo: null }).kind).toBe('viewer');
  });
});

describe('PDF viewer sources (issue 5 item 10)', () => {
  const origin = 'https://app.example.com';

  it('opens relative paths and our own origin', () => {
    expect(pdfSource('/files/a.pdf', origin, [])).toEqual({ ok: true, url: `${origin}/files/a.pdf` });
    expect(pdfSource(`${origin}/b.pdf`, origin, [])).toEqual({ ok: true, url: `${origin}/b.pdf` });
  });

  it('opens an origin of the allow-list', () => {
    expect(pdfSource('https://cdn.example.com/c.pdf', origin, ['https://cdn.example.com']).ok).toBe(true);
  });

  it('refuses other origins, other schemes and a missing file', () => {
    expect(pdfSource('https://evil.example.net/x.pdf', origin, [])).toEqual({
      ok: false,
      message: '出于安全考虑，仅能打开本站提供的文件',
    });
    expect(pdfSource('javascript:alert(1)', origin, []).ok).toBe(false);
    expect(pdfSource('//evil.example.net/x.pdf', origin, []).ok).toBe(false);
    expect(pdfSource(null, origin, [])).toEqual({ ok: false, message: '缺少文件地址' });
  });
});
