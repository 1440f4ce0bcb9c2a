import type { AppMenu } from '@zhicai/contract';
import { Link } from 'react-router';
import { SectionEmpty, SectionError } from '../../../ui/section/index.ts';
import { useAppMenus } from '../api/get-app-menus.ts';
import './app-menu-grid.css';

const skeletonCells = Array.from({ length: 10 }, (_, i) => `skeleton-${i}`);

/** The grid of function entries on the home page, with loading, error and empty states. */
export function AppMenuGrid() {
  const { data, isPending, isError, isRefetching, refetch } = useAppMenus();

  if (isPending) {
    return (
      <section className="menu-grid" aria-label="功能入口" aria-busy="true">
        {skeletonCells.map((key) => (
          <div key={key} className="menu-grid__item menu-grid__item--skeleton" data-testid="menu-skeleton">
            <span className="menu-grid__icon" />
            <span className="menu-grid__title-skeleton" />
          </div>
        ))}
      </section>
    );
  }

  if (isError) {
    return (
      <section className="menu-grid-state" aria-label="功能入口">
        <SectionError
          message="功能入口加载失败，请检查网络后重试"
          onRetry={refetch}
          retrying={isRefetching}
        />
      </section>
    );
  }

  if (data.length === 0) {
    return (
      <section className="menu-grid-state" aria-label="功能入口">
        <SectionEmpty>暂无功能入口</SectionEmpty>
      </section>
    );
  }

  return (
    <nav className="menu-grid" aria-label="功能入口">
      {data.map((menu) => (
        <MenuItem key={menu.id} menu={menu} />
      ))}
    </nav>
  );
}

function MenuItem({ menu }: { menu: AppMenu }) {
  const content = (
    <>
      <span className="menu-grid__icon">
        <img src={menu.icon} alt="" width="44" height="44" loading="lazy" decoding="async" />
        {menu.badge ? <span className="menu-grid__badge">{menu.badge}</span> : null}
      </span>
      <span className="menu-grid__title">{menu.title}</span>
    </>
  );
  // The contract allows an in-app path or an absolute http(s) URL.
  if (/^https?:\/\//.test(menu.url)) {
    return (
      <a className="menu-grid__item" href={menu.url} target="_blank" rel="noopener noreferrer">
        {content}
      </a>
    );
  }
  return (
    <Link className="menu-grid__item" to={menu.url}>
      {content}
    </Link>
  );
}
