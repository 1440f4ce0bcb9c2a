import { type ResponseCode, responseCodes } from '@zhicai/contract';

/**
 * An expected failure a service reports: it becomes an envelope with a catalogue code and a
 * Chinese message. Anything else thrown is a bug and is answered with code 999.
 */
export class AppError extends Error {
  readonly code: ResponseCode;
  readonly httpStatus: number;

  constructor(code: ResponseCode, message?: string, httpStatus = 200) {
    super(message ?? responseCodes[code].message);
    this.code = code;
    this.httpStatus = httpStatus;
  }
}
