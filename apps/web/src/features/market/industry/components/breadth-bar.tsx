import { toneClassName } from '../../../../ui/quote/index.ts';
import './industry.css';

/** 上涨 / 平盘 / 下跌 家数 as a bar and figures (涨停 and 跌停 beside them when any). */
export function BreadthBar({
  breadth,
}: {
  breadth: { rise: number; fall: number; flat: number; limitUp: number; limitDown: number };
}) {
  const total = Math.max(1, breadth.rise + breadth.fall + breadth.flat);
  const width = (count: number) => `${(count / total) * 100}%`;
  return (
    <div className="breadth">
      <div className="breadth__bar" aria-hidden="true">
        <span className="breadth__rise" style={{ width: width(breadth.rise) }} />
        <span className="breadth__flat" style={{ width: width(breadth.flat) }} />
        <span className="breadth__fall" style={{ width: width(breadth.fall) }} />
      </div>
      <p className="breadth__figures">
        <span className={toneClassName('up')}>上涨 {breadth.rise} 家</span>
        {breadth.limitUp > 0 ? <span className={toneClassName('up')}>涨停 {breadth.limitUp}</span> : null}
        <span className={toneClassName('flat')}>平盘 {breadth.flat}</span>
        {breadth.limitDown > 0 ? (
          <span className={toneClassName('down')}>跌停 {breadth.limitDown}</span>
        ) : null}
        <span className={toneClassName('down')}>下跌 {breadth.fall} 家</span>
      </p>
    </div>
  );
}
