import { href } from '@zhicai/contract';
import { Link } from 'react-router';
import { useLocalState } from '../../../platform/session/local-store.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { SignInPrompt } from '../../../ui/sign-in-prompt/index.ts';
import { useUnreadCount } from '../api/unread-count.ts';
import '../alert.css';

function Count({ value }: { value: number | undefined }) {
  if (!value) return null;
  return (
    <span className="unread-badge" role="status" aria-label={`${value} 条未读`}>
      {value > 99 ? '99+' : value}
    </span>
  );
}

/** /meNotification: 消息通知, the way into the message box by category and into the settings. */
export default function MeNotificationPage() {
  const signedIn = useLocalState((state) => state.token !== null);
  const { data } = useUnreadCount(signedIn);

  return (
    <>
      <PageHeader title="消息通知" />
      <main className="alert-page">
        {!signedIn ? (
          <SignInPrompt
            className="alert-signin"
            textClassName="alert-signin__text"
            text="登录后查看消息通知"
          />
        ) : (
          <>
            <nav className="alert-links" aria-label="消息">
              <Link className="alert-links__item" to={href('messageBox', { category: 'alert' })}>
                <span>价格提醒</span>
                <Count value={data?.alert} />
              </Link>
              <Link className="alert-links__item" to={href('messageBox', { category: 'notice' })}>
                <span>系统通知</span>
                <Count value={data?.notice} />
              </Link>
              <Link className="alert-links__item" to={href('messageBox')}>
                <span>全部消息</span>
              </Link>
            </nav>
            <nav className="alert-links" aria-label="设置">
              <Link className="alert-links__item" to={href('pushSettingAll')}>
                价格提醒管理
              </Link>
              <Link className="alert-links__item" to={href('notificationSetting')}>
                通知设置
              </Link>
              <Link className="alert-links__item" to={href('notificationSettingHk')}>
                港股通知设置
              </Link>
            </nav>
          </>
        )}
      </main>
    </>
  );
}
