import { href } from '@zhicai/contract';
import { formatQuotePrice } from '@zhicai/domain';
import { Link } from 'react-router';
import { useLocalState } from '../../../platform/session/local-store.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { ChangeText } from '../../../ui/quote/index.ts';
import { QueryStates } from '../../../ui/section/index.ts';
import { SignInPrompt } from '../../../ui/sign-in-prompt/index.ts';
import { alertText } from '../alert-rules.ts';
import { usePricePushList } from '../api/price-push-list.ts';
import '../alert.css';

/** /pushSettingAll: every alert of the user by instrument; a row opens that instrument's editor. */
export default function PushSettingAllPage() {
  const signedIn = useLocalState((state) => state.token !== null);
  const list = usePricePushList(signedIn);

  return (
    <>
      <PageHeader
        title="价格提醒"
        right={
          <Link className="page-header__action" to={href('notificationSetting')}>
            通知设置
          </Link>
        }
      />
      {!signedIn ? (
        <main className="alert-page">
          <SignInPrompt
            className="alert-signin"
            textClassName="alert-signin__text"
            text="登录后查看和管理价格提醒"
          />
        </main>
      ) : (
        <PullToRefresh onRefresh={() => list.refetch()}>
          <main className="alert-page">
            <QueryStates
              query={list}
              skeletonLines={6}
              errorText="价格提醒加载失败"
              isEmpty={(data) => data.length === 0}
              emptyText="还没有价格提醒，在个股页点“设提醒”添加"
            >
              {(data) => (
                <ul className="alert-instruments" aria-label="设置了提醒的品种">
                  {data.map(({ quote, alerts }) => (
                    <li key={quote.code}>
                      <Link
                        className="alert-instrument"
                        to={href('pushSettingList', { code: quote.code, name: quote.name })}
                      >
                        <span className="alert-instrument__head">
                          <strong>{quote.name}</strong>
                          <span className="alert-instrument__code">{quote.code}</span>
                          <span className="alert-instrument__price">
                            {formatQuotePrice(quote.price, quote.type)}
                          </span>
                          <ChangeText value={quote.chgPct} kind="percent" />
                        </span>
                        {alerts.map((alert) => (
                          <span
                            key={alert.id}
                            className={
                              alert.enabled ? 'alert-instrument__line' : 'alert-instrument__line is-paused'
                            }
                          >
                            {alertText(alert.kind, alert.value, quote.type)}
                            {alert.enabled ? '' : '（已暂停）'}
                          </span>
                        ))}
                      </Link>
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
