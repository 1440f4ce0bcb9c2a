import { href } from '@zhicai/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useLocalState } from '../../../platform/session/local-store.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { useLogout } from '../hooks/use-logout.ts';
import './user-pages.css';

/** /meSetting: settings; logging out asks for confirmation first. */
export default function MeSettingPage() {
  const navigate = useNavigate();
  const signedIn = useLocalState((state) => state.token !== null);
  const [confirming, setConfirming] = useState(false);
  const { logout, pending } = useLogout(() => navigate(href('me'), { replace: true }));

  return (
    <>
      <PageHeader title="设置" />
      <main className="user-page">
        <nav className="me-menu" aria-label="设置项">
          <Link to={href('about')} className="me-menu__item">
            关于我们
          </Link>
          <Link to={href('version')} className="me-menu__item">
            版本信息
          </Link>
        </nav>
        {signedIn ? (
          <button type="button" className="button me-setting__logout" onClick={() => setConfirming(true)}>
            退出登录
          </button>
        ) : null}
      </main>
      {confirming ? (
        <div className="confirm-mask">
          <div className="confirm" role="alertdialog" aria-modal="true" aria-labelledby="logout-title">
            <p id="logout-title" className="confirm__text">
              确定退出当前账号吗？
            </p>
            <div className="confirm__actions">
              <button type="button" className="confirm__button" onClick={() => setConfirming(false)}>
                取消
              </button>
              <button
                type="button"
                className="confirm__button confirm__button--danger"
                disabled={pending}
                onClick={() => void logout().finally(() => setConfirming(false))}
              >
                确定退出
              </button>
            </div>
          </div>
        </div>
      ) : null}
    </>
  );
}
