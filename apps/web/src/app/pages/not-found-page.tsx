import { href } from '@zhicai/contract';
import { Link } from 'react-router';
import { PageHeader } from '../../ui/page-header/index.ts';
import './status-page.css';

/** /notfound and every path the route table does not know. */
export default function NotFoundPage() {
  return (
    <>
      <PageHeader title="页面不存在" />
      <main className="status-page">
        <svg className="status-page__art" viewBox="0 0 120 120" aria-hidden="true" focusable="false">
          <circle cx="52" cy="52" r="30" fill="none" stroke="currentColor" strokeWidth="4" />
          <path d="M74 74l26 26" stroke="currentColor" strokeWidth="6" strokeLinecap="round" />
          <path d="M42 52h20" stroke="var(--color-brand)" strokeWidth="4" strokeLinecap="round" />
        </svg>
        <h2 className="status-page__title">页面不存在</h2>
        <p className="status-page__text">您访问的页面已下线或地址有误</p>
        <div className="status-page__actions">
          <Link to={href('home')} className="button button--primary">
            回到首页
          </Link>
        </div>
      </main>
    </>
  );
}
