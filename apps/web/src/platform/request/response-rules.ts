import { responseKind } from '@zhicai/contract';

/**
 * The response catalogue of spec 1 §8 as a pure function: what an answer means, before any side
 * effect (flags, notices, the move to login) is applied by the wrapper.
 */
export interface Envelope {
  code: string;
  message: string;
  datas: unknown;
}

export type Verdict =
  /** The call worked: return datas. `newUser` for code 014; `notice` for -001/-002/-004. */
  | { kind: 'success'; datas: unknown; newUser: boolean; notice: string | null }
  /** 037: show the message, then fail. */
  | { kind: 'noticeFail'; code: string; message: string }
  /** 004/015/016/033/036: remove the token, send the user to login, fail. */
  | { kind: 'sessionInvalid'; code: string; message: string }
  /** Anything else, or HTTP status other than 200: the failure handler runs and the call throws. */
  | { kind: 'fail'; code: string; message: string };

export function isEnvelope(body: unknown): body is Envelope {
  if (typeof body !== 'object' || body === null) return false;
  const { code, message } = body as Record<string, unknown>;
  return typeof code === 'string' && (message === undefined || typeof message === 'string');
}

const httpFailure = (status: number): Verdict => ({
  kind: 'fail',
  code: `HTTP ${status}`,
  message: `请求失败（${status}）`,
});

/**
 * Judges one answer.
 * - HTTP status other than 200 fails whatever the code says (000 and 043 included).
 * - A multipart call succeeds on HTTP 200 alone (spec 1 §8 "multipart call"): uploads answer
 *   whatever their storage service answers, so only the status counts.
 * - Otherwise the code decides, through the contract's catalogue.
 */
export function judge(status: number, body: unknown, multipart = false): Verdict {
  if (status !== 200) {
    if (isEnvelope(body))
      return { kind: 'fail', code: body.code, message: body.message || `请求失败（${status}）` };
    return httpFailure(status);
  }
  if (multipart) {
    return { kind: 'success', datas: isEnvelope(body) ? body.datas : body, newUser: false, notice: null };
  }
  if (!isEnvelope(body)) return { kind: 'fail', code: 'invalidResponse', message: '服务返回的数据无法识别' };
  const message = body.message ?? '';
  switch (responseKind(body.code)) {
    case 'success':
      return { kind: 'success', datas: body.datas, newUser: false, notice: null };
    case 'successNewUser':
      return { kind: 'success', datas: body.datas, newUser: true, notice: null };
    case 'notice':
      return { kind: 'success', datas: body.datas, newUser: false, notice: message };
    case 'noticeFail':
      return { kind: 'noticeFail', code: body.code, message };
    case 'sessionInvalid':
      return { kind: 'sessionInvalid', code: body.code, message };
    case 'fail':
      return { kind: 'fail', code: body.code, message: message || '请求失败' };
  }
}
