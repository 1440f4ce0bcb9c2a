import { href } from '@zhicai/contract';
import { Link } from 'react-router';
import { PageHeader, useGoBack } from '../../ui/page-header/index.ts';
import { usePage } from '../keep-alive/page-context.ts';
import './status-page.css';

/**
 * Every route of the table that is not built yet renders this honest page: the route's own title,
 * a plain statement that it is not open, and two ways out.
 */
export default function UnderConstructionPage() {
  const { entry } = usePage();
  const goBack = useGoBack();
  return (
    <>
      {/* A tab page is a root of the app: its header has no back arrow, like the built tabs. */}
      <PageHeader title={entry?.title ?? '页面暂未开放'} back={!entry?.tabBar} />
      <main className="status-page">
        <svg className="status-page__art" viewBox="0 0 120 120" aria-hidden="true" focusable="false">
          <rect
            x="18"
            y="52"
            width="84"
            height="50"
            rx="8"
            fill="none"
            stroke="currentColor"
            strokeWidth="4"
          />
          <path
            d="M18 66h84M44 52V40a16 16 0 0 1 32 0v12"
            fill="none"
            stroke="currentColor"
            strokeWidth="4"
          />
          <path d="M32 80l10 12M52 80l10 12M72 80l10 12" stroke="var(--color-brand)" strokeWidth="4" />
        </svg>
        <h2 className="status-page__title">页面暂未开放</h2>
        <p className="status-page__text">该功能正在建设中，敬请期待</p>
        <div className="status-page__actions">
          <button type="button" className="button" onClick={goBack}>
            返回上一页
          </button>
          <Link to={href('home')} className="button button--primary">
            回到首页
          </Link>
        </div>
      </main>
    </>
  );
}
