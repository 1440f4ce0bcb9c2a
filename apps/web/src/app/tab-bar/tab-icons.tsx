import type { ReactElement } from 'react';

/** Inline 24×24 line icons for the six tabs, in tab order; they take the tab's text colour. */
const paths: readonly ReactElement[] = [
  // 股票: candlesticks.
  <g key="stock">
    <path d="M6 3v3M6 15v4M12 5v2M12 17v3M18 2v4M18 13v3" />
    <rect x="4" y="6" width="4" height="9" rx="1" />
    <rect x="10" y="7" width="4" height="10" rx="1" />
    <rect x="16" y="6" width="4" height="7" rx="1" />
  </g>,
  // 选股: a funnel.
  <g key="picker">
    <path d="M3.5 4.5h17l-6.5 8v6l-4 2v-8z" />
  </g>,
  // ETF: a basket of holdings.
  <g key="etf">
    <path d="M3 9h18l-2 11H5z" />
    <path d="M8 9l4-5 4 5M9 13v4M12 13v4M15 13v4" />
  </g>,
  // 基金: stacked coins.
  <g key="fund">
    <ellipse cx="12" cy="6" rx="7" ry="2.5" />
    <path d="M5 6v4c0 1.4 3.1 2.5 7 2.5s7-1.1 7-2.5V6M5 10v4c0 1.4 3.1 2.5 7 2.5s7-1.1 7-2.5v-4M5 14v4c0 1.4 3.1 2.5 7 2.5s7-1.1 7-2.5v-4" />
  </g>,
  // 自选: a star.
  <g key="favorite">
    <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />
  </g>,
  // 我的: a person.
  <g key="me">
    <circle cx="12" cy="8" r="4" />
    <path d="M4 20.5c1.2-4 4.3-6 8-6s6.8 2 8 6" />
  </g>,
];

export function TabIcon({ index }: { index: number }) {
  return (
    <svg
      className="tab-bar__icon"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {paths[index]}
    </svg>
  );
}
