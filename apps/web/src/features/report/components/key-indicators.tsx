import type { KeyIndicator } from '@zhicai/contract';
import { toneArrow } from '@zhicai/domain';
import { formatChange, toneClassName, toneOfChange } from '../../../ui/quote/index.ts';
import { sharePictureAttribute } from '../../../ui/share/index.ts';
import { indicatorValueText } from '../report-rules.ts';

/**
 * 关键指标 (spec 2 §2.1, §5): each indicator's value by its name's ending and its year-on-year
 * change, red ▲ up, green ▼ down, '--' when unknown.
 *
 * The whole change line takes the tone's colour, as on the chart's own 同比 lines. The share picture
 * draws the grid from its layout (ui/share/share-pictures.ts), so it keeps to backgrounds and text.
 */
export function KeyIndicators({ keys }: { keys: readonly KeyIndicator[] }) {
  if (keys.length === 0) return <p className="report-card__empty">暂无数据</p>;
  return (
    <dl className="report-keys" {...{ [sharePictureAttribute]: '' }}>
      {keys.map((key) => {
        const tone = toneOfChange(key.chgPct, 'percent');
        const change = formatChange(key.chgPct, 'percent');
        return (
          <div key={key.name} className="report-keys__item" data-testid="key-indicator">
            <dt className="report-keys__name">{key.name}</dt>
            <dd className="report-keys__value">{indicatorValueText(key)}</dd>
            <dd className={`report-keys__change ${toneClassName(tone)}`} data-tone={tone}>
              {`同比${toneArrow[tone]}${change}`}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
