import { formatPercent } from '@zhicai/domain';
import { ChangeText } from '../../../../ui/quote/index.ts';
import './industry.css';

/** The 风口 score as points: the score is a fraction-like sum, shown ×100 like a percent. */
export function momentumPoints(score: number | null): string {
  return score === null ? '--' : (score * 100).toFixed(2);
}

/** 5日涨幅, 成交放大 and 动量分 of a plate (the server's plateMomentum rule). */
export function MomentumFigures({
  momentum,
}: {
  momentum: { fiveDayChange: number | null; amountGrowth: number | null; score: number | null };
}) {
  return (
    <>
      <dl className="industry-figures">
        <div>
          <dt>5日涨幅</dt>
          <dd>
            <ChangeText value={momentum.fiveDayChange} kind="percent" />
          </dd>
        </div>
        <div>
          <dt>成交放大</dt>
          <dd>{formatPercent(momentum.amountGrowth)}</dd>
        </div>
        <div>
          <dt>动量分</dt>
          <dd>{momentumPoints(momentum.score)}</dd>
        </div>
      </dl>
      <p className="industry-note">
        动量分 = 5日涨幅 + 成交放大 ÷ 10（成交放大：近5个完整交易日平均成交额较之前5日的增幅）。
      </p>
    </>
  );
}
