import { href } from '@zhicai/contract';
import { Link } from 'react-router';
import { ApiError } from '../../../platform/request/api-error.ts';
import { useLocalState } from '../../../platform/session/local-store.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { QueryStates } from '../../../ui/section/index.ts';
import { SignInPrompt } from '../../../ui/sign-in-prompt/index.ts';
import { useMembershipStatus } from '../api/membership-status.ts';
import { useReceiveVip } from '../api/receive-vip.ts';
import { beijingDate } from '../member-rules.ts';
import '../member.css';

/** /receiveVip: 领取会员, the one free trial of VIP per user. */
export default function ReceiveVipPage() {
  const signedIn = useLocalState((state) => state.token !== null);
  const status = useMembershipStatus(signedIn);
  const receive = useReceiveVip();

  return (
    <>
      <PageHeader title="领取会员" />
      <main className="member-page member-page--plain">
        {!signedIn ? (
          <SignInPrompt className="member-result" textClassName="member-muted" text="登录后领取体验会员" />
        ) : (
          <QueryStates query={status} skeletonLines={3} errorText="会员状态加载失败">
            {(membership) => (
              <section className="member-hero" aria-label="体验会员">
                {receive.isSuccess ? (
                  <>
                    <h2 className="member-hero__title">领取成功</h2>
                    <p className="member-hero__text">
                      VIP 会员已生效
                      {receive.data.vipExpiresAt
                        ? `，有效期至 ${beijingDate(receive.data.vipExpiresAt)}`
                        : ''}
                    </p>
                    <Link className="button button--primary" to={href('app_userPage')}>
                      去会员中心
                    </Link>
                  </>
                ) : membership.trialClaimed ? (
                  <>
                    <h2 className="member-hero__title">您已领取过体验会员</h2>
                    <p className="member-hero__text">每位用户限领一次，开通会员可继续享受全部权益。</p>
                    <Link className="button button--primary" to={href('app_userPrice')}>
                      开通会员
                    </Link>
                  </>
                ) : (
                  <>
                    <h2 className="member-hero__title">免费领取 {membership.trialDays} 天 VIP 会员</h2>
                    <p className="member-hero__text">
                      {membership.vipExpiresAt
                        ? `领取后会员有效期从 ${beijingDate(membership.vipExpiresAt)} 起顺延 ${membership.trialDays} 天`
                        : `领取后立即生效，体验全部会员权益 ${membership.trialDays} 天`}
                    </p>
                    {receive.isError ? (
                      <p className="member-hero__text" role="alert">
                        {receive.error instanceof ApiError ? receive.error.message : '领取失败，请稍后再试'}
                      </p>
                    ) : null}
                    <button
                      type="button"
                      className="button button--primary"
                      disabled={receive.isPending}
                      onClick={() => receive.mutate(undefined)}
                    >
                      {receive.isPending ? '正在领取…' : '立即领取'}
                    </button>
                  </>
                )}
              </section>
            )}
          </QueryStates>
        )}
      </main>
    </>
  );
}
