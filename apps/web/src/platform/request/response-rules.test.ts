import { describe, expect, it } from 'vitest';
import { judge } from './response-rules.ts';

const envelope = (code: string, datas: unknown = [1]) => ({ code, message: `消息${code}`, datas });

describe('judge: one case per row of spec 1 §8', () => {
  it.each(['000', '043', 'HB403', '035', '025', '034', '500'])('%s with HTTP 200 is success', (code) => {
    expect(judge(200, envelope(code))).toEqual({ kind: 'success', datas: [1], newUser: false, notice: null });
  });

  it('014 is success and marks a new user', () => {
    expect(judge(200, envelope('014'))).toMatchObject({ kind: 'success', newUser: true });
  });

  it.each(['-001', '-002', '-004'])('%s shows the server message as a notice', (code) => {
    expect(judge(200, envelope(code))).toMatchObject({ kind: 'success', notice: `消息${code}` });
  });

  it('037 shows the notice and fails', () => {
    expect(judge(200, envelope('037'))).toEqual({ kind: 'noticeFail', code: '037', message: '消息037' });
  });

  it.each(['004', '015', '016', '033', '036'])('%s is session invalid', (code) => {
    expect(judge(200, envelope(code))).toMatchObject({ kind: 'sessionInvalid', code });
  });

  it('any other code fails', () => {
    expect(judge(200, envelope('999'))).toMatchObject({ kind: 'fail', code: '999' });
    expect(judge(200, envelope('XYZ'))).toMatchObject({ kind: 'fail', code: 'XYZ' });
  });

  it('an HTTP status other than 200 fails, 000 and 043 included', () => {
    expect(judge(500, envelope('000'))).toMatchObject({ kind: 'fail', code: '000' });
    expect(judge(404, envelope('043'))).toMatchObject({ kind: 'fail', code: '043' });
    expect(judge(502, undefined)).toEqual({ kind: 'fail', code: 'HTTP 502', message: '请求失败（502）' });
  });

  it('a multipart call succeeds on HTTP 200 alone, and fails otherwise', () => {
    expect(judge(200, envelope('999', { url: '/a.png' }), true)).toMatchObject({
      kind: 'success',
      datas: { url: '/a.png' },
    });
    expect(judge(413, envelope('000'), true)).toMatchObject({ kind: 'fail' });
  });

  it('an answer that is not the envelope fails', () => {
    expect(judge(200, 'text')).toMatchObject({ kind: 'fail', code: 'invalidResponse' });
  });
});
