import { Codes } from '@zhicai/contract';
import type { InstrumentType } from '@zhicai/domain';
import { AppError } from '../http/app-error.ts';
import type { Instrument, InstrumentDirectory } from './instrument-directory.ts';

/** How a failure message names each instrument type. */
export const instrumentTypeNames: Readonly<Record<InstrumentType, string>> = {
  capital: 'A股',
  hk: '港股',
  index_hs: '指数',
  index_hy: '行业指数',
  index_hk_hs: '港股指数',
  index_gn: '概念指数',
  fund_outside: '场外基金',
  fund_onside: 'ETF',
  fund_lof: 'LOF基金',
};

export const stockTypes: readonly InstrumentType[] = ['capital', 'hk'];
export const fundTypes: readonly InstrumentType[] = ['fund_outside', 'fund_onside', 'fund_lof'];
export const indexTypes: readonly InstrumentType[] = ['index_hs', 'index_hy', 'index_hk_hs', 'index_gn'];

/**
 * The instrument a call is about (any kind when `accepted` is left out). An unknown code and a code of the wrong kind (a fund's details
 * asked of a stock) are both the catalogue's not-found failure; the message says which it was.
 */
export function requireInstrument(
  directory: InstrumentDirectory,
  code: string,
  accepted?: readonly InstrumentType[],
  expected?: string,
): Instrument {
  const instrument = directory.get(code);
  // Our not-found failure travels with HTTP 404, like every failure code of our own (issue 2).
  if (!instrument) throw new AppError(Codes.notFound, `未找到代码 ${code} 对应的品种`, 404);
  if (accepted && !accepted.includes(instrument.type)) {
    throw new AppError(
      Codes.notFound,
      `${code}（${instrument.name}）是${instrumentTypeNames[instrument.type]}，不是${expected}`,
      404,
    );
  }
  return instrument;
}
