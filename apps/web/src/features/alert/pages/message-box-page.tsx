import { useNavigate, useSearchParams } from 'react-router';
import { useLocalState } from '../../../platform/session/local-store.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { QueryStates } from '../../../ui/section/index.ts';
import { Segmented } from '../../../ui/segmented/index.ts';
import { SignInPrompt } from '../../../ui/sign-in-prompt/index.ts';
import { toast } from '../../../ui/toast/toast.ts';
import { failureText, messageTarget } from '../alert-rules.ts';
import { type MessageCategory, type MessagePage, useMessageList } from '../api/message-list.ts';
import { useReadMessages } from '../api/read-messages.ts';
import '../alert.css';

type Tab = 'all' | MessageCategory;

const tabs: { value: Tab; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'alert', label: '价格提醒' },
  { value: 'notice', label: '通知' },
];

/** Beijing wall-clock time of a message: 11-20 10:31. */
function firedTime(iso: string): string {
  const beijing = new Date(Date.parse(iso) + 8 * 60 * 60 * 1000).toISOString();
  return `${beijing.slice(5, 10)} ${beijing.slice(11, 16)}`;
}

/**
 * /messageBox?category=: fired alerts and notices of the last 30 days, newest first, unread marked;
 * tapping one marks it read and opens what it is about (its instrument, a notice's strategy); 全部已读 marks the tab read.
 */
export default function MessageBoxPage() {
  const [params, setParams] = useSearchParams();
  const category = params.get('category');
  const tab: Tab = category === 'alert' || category === 'notice' ? category : 'all';
  const signedIn = useLocalState((state) => state.token !== null);
  const list = useMessageList(tab === 'all' ? undefined : tab, signedIn);
  const read = useReadMessages({
    onError: (error) => toast.error(failureText(error, '操作失败，请稍后再试')),
  });
  const navigate = useNavigate();

  const open = (message: MessagePage['list'][number]) => {
    if (!message.read) read.mutate({ ids: [message.id] });
    const target = messageTarget(message);
    if (target) navigate(target);
  };

  return (
    <>
      <PageHeader
        title="消息中心"
        right={
          signedIn && (list.data?.unread ?? 0) > 0 ? (
            <button
              type="button"
              className="page-header__action"
              onClick={() => read.mutate({ category: tab })}
            >
              全部已读
            </button>
          ) : null
        }
      />
      {!signedIn ? (
        <main className="alert-page">
          <SignInPrompt className="alert-signin" textClassName="alert-signin__text" text="登录后查看消息" />
        </main>
      ) : (
        <PullToRefresh onRefresh={() => list.refetch()}>
          <main className="alert-page">
            <Segmented
              label="消息类别"
              options={tabs}
              value={tab}
              onChange={(value) => setParams(value === 'all' ? {} : { category: value }, { replace: true })}
            />
            <QueryStates
              query={list}
              skeletonLines={6}
              errorText="消息加载失败"
              isEmpty={(data) => data.list.length === 0}
              emptyText="暂无消息"
            >
              {(data) => (
                <ul className="alert-messages" aria-label="消息列表">
                  {data.list.map((message) => (
                    <li key={message.id}>
                      <button
                        type="button"
                        className={message.read ? 'alert-message' : 'alert-message is-unread'}
                        onClick={() => open(message)}
                      >
                        <span className="alert-message__head">
                          {message.read ? null : (
                            <span className="alert-message__dot" role="img" aria-label="未读" />
                          )}
                          <strong className="alert-message__title">{message.title}</strong>
                          <time className="alert-message__time" dateTime={message.firedAt}>
                            {firedTime(message.firedAt)}
                          </time>
                        </span>
                        <span className="alert-message__body">{message.body}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </QueryStates>
          </main>
        </PullToRefresh>
      )}
    </>
  );
}
