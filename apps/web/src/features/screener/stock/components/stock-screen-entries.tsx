import { href } from '@zhicai/contract';
import { Link } from 'react-router';
import '../stock-screen.css';

/** The screening entry points another page shows (the 选股 tab): 选股器, 条件选股, 策略, 数据看板. */
export function StockScreenEntries() {
  return (
    <div className="stock-screen__entries">
      <Link to={href('stock-picker')} className="button button--primary">
        选股器
      </Link>
      <Link to={href('choose-stock-picker')} className="button">
        条件选股
      </Link>
      <Link to={href('ChooseList')} className="button">
        选股策略
      </Link>
      <Link to={href('dashboard')} className="button">
        数据看板
      </Link>
    </div>
  );
}
