import type { KeyIndicator } from '@zhicai/contract';
import { ChangeText } from '../../../ui/quote/index.ts';
import { indicatorValueText } from '../report-rules.ts';

/**
 * 关键指标 (spec 2 §2.1, §5): each indicator's value by its name's ending and its year-on-year
 * change, red ▲ up, green ▼ down, '--' when unknown.
 */
export function KeyIndicators({ keys }: { keys: readonly KeyIndicator[] }) {
  if (keys.length === 0) return <p className="report-card__empty">暂无数据</p>;
  return (
    <dl className="report-keys">
      {keys.map((key) => (
        <div key={key.name} className="report-keys__item" data-testid="key-indicator">
          <dt className="report-keys__name">{key.name}</dt>
          <dd className="report-keys__value">{indicatorValueText(key)}</dd>
          <dd className="report-keys__change">
            <span className="report-keys__change-label">同比</span>
            <ChangeText value={key.chgPct} kind="percent" />
          </dd>
        </div>
      ))}
    </dl>
  );
}
