import { href } from '@zhicai/contract';
import { Link } from 'react-router';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { QueryStates, Section } from '../../../ui/section/index.ts';
import { SignInPrompt } from '../../../ui/sign-in-prompt/index.ts';
import { CheckInCard } from '../components/check-in-card.tsx';
import { TaskList } from '../components/task-list.tsx';
import { useCheckIn } from '../hooks/use-check-in.ts';
import '../points.css';

/** /userIntegralPop 签到领积分: the check-in calendar and button, the balance and the earning tasks. */
export default function UserIntegralPopPage() {
  const { signedIn, info, checkIn, checkingIn } = useCheckIn();
  return (
    <>
      <PageHeader title="签到领积分" />
      {!signedIn ? (
        <main className="points-page">
          <SignInPrompt
            className="points-signin"
            textClassName="points-signin__text"
            text="登录后签到领积分"
          />
        </main>
      ) : (
        <PullToRefresh onRefresh={() => info.refetch()}>
          <main className="points-page">
            <QueryStates query={info} skeletonLines={8} errorText="签到信息加载失败">
              {(data) => (
                <>
                  <CheckInCard info={data} onCheckIn={checkIn} checkingIn={checkingIn} />
                  <Section
                    title="赚积分"
                    aside={
                      <Link className="points-link" to={href('integralNewUser')}>
                        新人积分 ›
                      </Link>
                    }
                  >
                    <TaskList tasks={data.tasks} onCheckIn={checkIn} />
                  </Section>
                </>
              )}
            </QueryStates>
          </main>
        </PullToRefresh>
      )}
    </>
  );
}
