import { href } from '@zhicai/contract';
import './status-page.css';

/**
 * The last line of defence when a page throws while rendering or its chunk fails to load (for
 * example after a deploy replaced the hashed files): a plain message and a reload.
 */
export function RouteErrorPage({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : '';
  return (
    <main className="status-page">
      <h1 className="status-page__title">页面出错了</h1>
      <p className="status-page__text">请重新加载页面{detail ? `（${detail}）` : ''}</p>
      <div className="status-page__actions">
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          重新加载
        </button>
        <a className="button" href={href('home')}>
          回到首页
        </a>
      </div>
    </main>
  );
}
