import { href } from '@zhicai/contract';
import { tabs } from '@zhicai/domain';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { activeTabIndex } from './tab-bar-rules.ts';
import { TabIcon } from './tab-icons.tsx';
import './tab-bar.css';

interface TabBarProps {
  /** The path of the page shown. */
  pathname: string;
  /** A tapped tab's path while its page is still loading: marked current already. */
  pendingPathname?: string | null;
  /** Told of a tap that navigates to another tab (not one that opens a new browser tab). */
  onTabTap?: (to: string) => void;
}

/** The six-tab bar of spec 1 §2 (股票 · 选股 · ETF · 基金 · 自选 · 我的). */
export function TabBar({ pathname, pendingPathname = null, onTabTap }: TabBarProps) {
  const marked = pendingPathname ?? pathname;
  const active = activeTabIndex(marked);

  return (
    <nav className="tab-bar" aria-label="主导航">
      {tabs.map((tab, index) => {
        const to = href(tab.route);
        const current = to === marked;
        const onClick = (event: MouseEvent) => {
          // Tapping the tab you are on scrolls it back to the top instead of stacking a new entry.
          if (current) {
            event.preventDefault();
            window.scrollTo({ top: 0, behavior: 'smooth' });
            return;
          }
          // A modified click opens the page elsewhere (react-router's Link does not navigate then).
          const elsewhere =
            event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
          if (!elsewhere) onTabTap?.(to);
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
