import { href } from '@zhicai/contract';
import { Link, useNavigate } from 'react-router';
import { useLocalState } from '../../../platform/session/local-store.ts';
import { Dialog } from '../../../ui/antd/index.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { useLogout } from '../hooks/use-logout.ts';
import './user-pages.css';

/** /meSetting: settings; logging out asks for confirmation first. */
export default function MeSettingPage() {
  const navigate = useNavigate();
  const signedIn = useLocalState((state) => state.token !== null);
  const { logout } = useLogout(() => navigate(href('me'), { replace: true }));
  // The dialog stays open, its button busy, until the server has answered the logout.
  const confirmLogout = () =>
    void Dialog.confirm({
      content: '确定退出当前账号吗？',
      cancelText: '取消',
      confirmText: '确定退出',
      onConfirm: logout,
    });

  return (
    <>
      <PageHeader title="设置" />
      <main className="user-page">
        <nav className="me-menu" aria-label="设置项">
          <Link to={href('feedback')} className="me-menu__item">
            意见反馈
          </Link>
          <Link to={href('about')} className="me-menu__item">
            关于我们
          </Link>
          <Link to={href('version')} className="me-menu__item">
            版本信息
          </Link>
        </nav>
        {signedIn ? (
          <button type="button" className="button me-setting__logout" onClick={confirmLogout}>
            退出登录
          </button>
        ) : null}
      </main>
    </>
  );
}
