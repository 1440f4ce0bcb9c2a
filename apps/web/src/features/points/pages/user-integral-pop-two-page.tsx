import { href } from '@zhicai/contract';
import { Link } from 'react-router';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { QueryStates } from '../../../ui/section/index.ts';
import { SignInPrompt } from '../../../ui/sign-in-prompt/index.ts';
import { CheckInCard } from '../components/check-in-card.tsx';
import { useCheckIn } from '../hooks/use-check-in.ts';
import '../points.css';

/**
 * /userIntegralPopTwo: the same check-in in its compact card layout (the 积分商城 header's 签到
 * opens it): the card alone, then the ways on to the shop and to every task.
 */
export default function UserIntegralPopTwoPage() {
  const { signedIn, info, checkIn, checkingIn } = useCheckIn();
  return (
    <>
      <PageHeader title="签到领积分" />
      <main className="points-page points-page--compact">
        {!signedIn ? (
          <SignInPrompt
            className="points-signin"
            textClassName="points-signin__text"
            text="登录后签到领积分"
          />
        ) : (
          <QueryStates query={info} skeletonLines={6} errorText="签到信息加载失败">
            {(data) => (
              <>
                <CheckInCard info={data} onCheckIn={checkIn} checkingIn={checkingIn} compact />
                <nav className="points-compact-links" aria-label="更多">
                  <Link className="button" to={href('userIntegralData')}>
                    去积分商城
                  </Link>
                  <Link className="button" to={href('userIntegralPop')}>
                    更多赚积分任务
                  </Link>
                </nav>
              </>
            )}
          </QueryStates>
        )}
      </main>
    </>
  );
}
