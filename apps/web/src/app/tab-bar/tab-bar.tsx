import { href } from '@zhicai/contract';
import { tabs } from '@zhicai/domain';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { activeTabIndex } from './tab-bar-rules.ts';
import { TabIcon } from './tab-icons.tsx';
import './tab-bar.css';

/** The six-tab bar of spec 1 §2 (股票 · 选股 · ETF · 基金 · 自选 · 我的). */
export function TabBar({ pathname }: { pathname: string }) {
  const active = activeTabIndex(pathname);

  return (
    <nav className="tab-bar" aria-label="主导航">
      {tabs.map((tab, index) => {
        const to = href(tab.route);
        const current = to === pathname;
        const onClick = (event: MouseEvent) => {
          // Tapping the tab you are on scrolls it back to the top instead of stacking a new entry.
          if (!current) return;
          event.preventDefault();
          window.scrollTo({ top: 0, behavior: 'smooth' });
        };
        return (
          <Link
            key={tab.route}
            to={to}
            className={index === active ? 'tab-bar__item tab-bar__item--active' : 'tab-bar__item'}
            aria-current={current ? 'page' : undefined}
            onClick={onClick}
          >
            <TabIcon index={index} />
            <span className="tab-bar__label">{tab.label}</span>
          </Link>
        );
      })}
    </nav>
  );
}
