import { Link } from 'react-router';
import { toneClassName } from '../../../../ui/quote/index.ts';
import { useRemoveRedPoint } from '../api/remove-red-point.ts';
import type { StrategySummary } from '../api/strategy-list.ts';
import { shortDay, strategyHref } from '../strategy-rules.ts';

/**
 * One strategy in a list: its name (a red point while a change is unseen), today's count and the
 * latest close's entries (red ▲) and exits (green ▼). Tapping opens its results.
 */
export function StrategyRow({ strategy, actions }: { strategy: StrategySummary; actions?: React.ReactNode }) {
  const removeRedPoint = useRemoveRedPoint();
  // A stock strategy's page clears its red point (strategy-detail-page.tsx); a fund strategy opens
  // the fund screen's results, which know no strategy, so the tap that opens them marks it seen.
  const seen =
    strategy.kind === 'fund' && strategy.redPoint
      ? () => removeRedPoint.mutate({ id: strategy.id })
      : undefined;
  return (
    <li className="strategy-row">
      <Link className="strategy-row__main" to={strategyHref(strategy)} onClick={seen}>
        <span className="strategy-row__name">
          {strategy.name}
          {strategy.redPoint ? <span className="strategy-row__dot" role="img" aria-label="有新变化" /> : null}
        </span>
        <span className="strategy-row__count">
          今日入选 <strong>{strategy.count ?? '--'}</strong> 只
        </span>
        {strategy.description ? <span className="strategy-row__desc">{strategy.description}</span> : null}
        <span className="strategy-row__change">
          {strategy.changedDay === null ? (
            '暂无变化'
          ) : (
            <>
              {shortDay(strategy.changedDay)}
              <span className={toneClassName('up')}> ▲新入选 {strategy.entries}</span>
              <span className={toneClassName('down')}> ▼移出 {strategy.exits}</span>
            </>
          )}
        </span>
      </Link>
      {actions ? <div className="strategy-row__actions">{actions}</div> : null}
    </li>
  );
}
