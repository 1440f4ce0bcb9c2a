/**
 * Risk figures of a fund's NAV series for the fund screen: daily returns, maximum drawdown,
 * volatility and the Sharpe ratio. Every daily return is @zhicai/domain's periodReturn between two
 * neighbouring NAVs, the rule of the fund page's return grid, so a distribution (the unit NAV drops,
 * the accumulated NAV does not) is never read as a loss here either.
 */
import { type FundNav, periodReturn } from '@zhicai/domain';

/** Trading days in a year, the annualisation factor of daily figures (A-shares trade ~242–250 days). */
export const tradingDaysPerYear = 250;

/**
 * The risk-free rate the Sharpe ratio is measured against: 1.5% a year, the one-year deposit
 * benchmark rate (一年期定期存款基准利率) that fund ratings in China use.
 */
export const riskFreeRate = 0.015;

/** The return of each day over the day before, as fractions (one fewer than the NAVs). */
export function dailyReturns(navs: readonly FundNav[]): number[] {
  const returns: number[] = [];
  for (let index = 1; index < navs.length; index += 1)
    returns.push(periodReturn(navs[index - 1] as FundNav, navs[index] as FundNav));
  return returns;
}

/**
 * The largest fall from a peak to a later trough of the fund's growth (the daily returns compounded
 * from 1), as a positive fraction: 0.2 is a 20% drawdown; 0 when the fund never fell.
 */
export function maxDrawdown(returns: readonly number[]): number {
  let wealth = 1;
  let peak = 1;
  let worst = 0;
  for (const value of returns) {
    wealth *= 1 + value;
    if (wealth > peak) peak = wealth;
    else worst = Math.max(worst, 1 - wealth / peak);
  }
  return worst;
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** The sample standard deviation of the daily returns, annualised by √250; null under two returns. */
export function annualVolatility(returns: readonly number[]): number | null {
  if (returns.length < 2) return null;
  const average = mean(returns);
  const variance = returns.reduce((sum, value) => sum + (value - average) ** 2, 0) / (returns.length - 1);
  return Math.sqrt(variance * tradingDaysPerYear);
}

/**
 * The Sharpe ratio: the annualised mean daily return less the risk-free rate, over the annualised
 * volatility. Null under two returns or for a series that never moved (no risk to measure by).
 */
export function sharpeRatio(returns: readonly number[]): number | null {
  const volatility = annualVolatility(returns);
  if (volatility === null || volatility === 0) return null;
  return (mean(returns) * tradingDaysPerYear - riskFreeRate) / volatility;
}
