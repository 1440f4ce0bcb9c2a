import { Codes, type Envelope, type ResponseCode, responseCodes } from '@zhicai/contract';

export function success<Datas>(datas: Datas): Envelope<Datas> {
  return { code: Codes.ok, message: responseCodes[Codes.ok].message, datas };
}

export function failure(code: ResponseCode, message?: string): Envelope<null> {
  return { code, message: message ?? responseCodes[code].message, datas: null };
}
