/**
 * The response-code catalogue (spec 1 §8). Both the server (to answer) and the client (to react)
 * read this one table; a code that is not listed is treated as a plain failure.
 */
export type ResponseKind =
  /** The call worked. */
  | 'success'
  /** The call worked and the user is new: the client sets the newUser flag (code 014). */
  | 'successNewUser'
  /** The server message is shown as a notice; the call still counts as handled. */
  | 'notice'
  /** The server message is shown as a notice and the call counts as failed (code 037). */
  | 'noticeFail'
  /** The token is no longer valid: the client removes it and sends the user to login. */
  | 'sessionInvalid'
  /** Anything else: the failure handler runs and the call throws. */
  | 'fail';

export interface ResponseCodeEntry {
  kind: ResponseKind;
  /** Default Chinese message the server sends with this code. */
  message: string;
}

export const responseCodes = {
  '000': { kind: 'success', message: '成功' },
  '043': { kind: 'success', message: '成功' },
  HB403: { kind: 'success', message: '成功' },
  '035': { kind: 'success', message: '成功' },
  '014': { kind: 'successNewUser', message: '欢迎新用户' },
  '025': { kind: 'success', message: '成功' },
  '034': { kind: 'success', message: '成功' },
  // The original service answers 500 with HTTP 200 for a handled call; it is a success code there.
  '500': { kind: 'success', message: '成功' },
  '-001': { kind: 'notice', message: '提示' },
  '-002': { kind: 'notice', message: '操作过于频繁，请稍后再试' },
  '-004': { kind: 'notice', message: '提示' },
  '037': { kind: 'noticeFail', message: '操作未完成' },
  '004': { kind: 'sessionInvalid', message: '登录已失效，请重新登录' },
  '015': { kind: 'sessionInvalid', message: '登录已失效，请重新登录' },
  '016': { kind: 'sessionInvalid', message: '账号已在其他设备登录，请重新登录' },
  '033': { kind: 'sessionInvalid', message: '登录已过期，请重新登录' },
  '036': { kind: 'sessionInvalid', message: '账号状态异常，请重新登录' },
  // Our own failure codes. They avoid every code above, including 500, which the original
  // service uses for success.
  '400': { kind: 'fail', message: '请求参数有误' },
  '403': { kind: 'fail', message: '请求签名校验失败' },
  '404': { kind: 'fail', message: '请求的资源不存在' },
  '405': { kind: 'fail', message: '不支持的请求方法' },
  '413': { kind: 'fail', message: '请求内容过大' },
  '415': { kind: 'fail', message: '不支持的请求内容类型' },
  '503': { kind: 'fail', message: '服务暂时不可用，请稍后再试' },
  '999': { kind: 'fail', message: '系统繁忙，请稍后再试' },
} as const satisfies Record<string, ResponseCodeEntry>;

export type ResponseCode = keyof typeof responseCodes;

/** Named codes so call sites say what they mean rather than a bare string. */
export const Codes = {
  ok: '000',
  newUser: '014',
  rateLimited: '-002',
  /** A refusal the user should read (wrong SMS code, phone bound elsewhere): notice, call failed. */
  refused: '037',
  /** Session-invalid codes, as contract user.ts defines them. */
  notLoggedIn: '004',
  tokenInvalid: '015',
  sessionReplaced: '016',
  sessionExpired: '033',
  sessionEnded: '036',
  invalidParams: '400',
  badSignature: '403',
  notFound: '404',
  methodNotAllowed: '405',
  payloadTooLarge: '413',
  unsupportedMediaType: '415',
  unavailable: '503',
  internal: '999',
} as const satisfies Record<string, ResponseCode>;

/** How a client should treat a response, from its code alone (HTTP status is judged separately). */
export function responseKind(code: string): ResponseKind {
  return Object.hasOwn(responseCodes, code) ? responseCodes[code as ResponseCode].kind : 'fail';
}
