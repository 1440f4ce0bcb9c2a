import './market-data-notice.css';

/**
 * Stands where quotes will be. The demo has no licensed market feed yet, so the home page says so
 * plainly instead of showing made-up numbers.
 */
export function MarketDataNotice() {
  return (
    <section className="market-notice" aria-labelledby="market-notice-title">
      <div className="market-notice__badge">
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path
            d="M3 17l5-5 4 3 8-8M15 7h5v5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </div>
      <h2 className="market-notice__title" id="market-notice-title">
        行情数据即将接入
      </h2>
      <p className="market-notice__text">
        大盘指数、涨跌分布、板块排行和自选股行情正在接入数据源。接入完成后，这里将展示实时行情；在此之前不会显示任何模拟数据。
      </p>
      <ul className="market-notice__list">
        <li>沪深京 A 股、港股及指数行情</li>
        <li>ETF 与场外基金净值</li>
        <li>涨红跌绿，实时刷新</li>
      </ul>
    </section>
  );
}
