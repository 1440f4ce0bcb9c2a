/**
 * A call that reached the server and failed: a failure code, a notice-and-fail code (037), an
 * invalid session, an HTTP status other than 200, or an answer that breaks the contract.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** The envelope code ('037', '004' …), or `HTTP <status>` / 'invalidResponse' when there is none. */
    readonly code: string,
    message: string,
    /** The HTTP status, when a response arrived. */
    readonly status: number | null = null,
    /**
     * The user has already been told (a notice dialog, or the move to login): a page should not
     * show the message a second time.
     */
    readonly handled = false,
  ) {
    super(message);
  }
}

/** spec 1 §8 "Offline". */
export const offlineMessage = '网络已断开';

/** The device is offline or the server could not be reached (spec 1 §8 "Offline"). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

/** The server answered something that is not the envelope, or datas that break the contract. */
export const invalidResponseCode = 'invalidResponse';
