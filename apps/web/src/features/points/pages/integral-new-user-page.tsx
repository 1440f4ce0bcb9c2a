import { href } from '@zhicai/contract';
import { Link } from 'react-router';
import { useLocalState } from '../../../platform/session/local-store.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { QueryStates, Section } from '../../../ui/section/index.ts';
import { SignInPrompt } from '../../../ui/sign-in-prompt/index.ts';
import { usePointInfo } from '../api/point-info.ts';
import { useUnmaskedUserInfo } from '../api/user-info-unmasked.ts';
import { TaskList } from '../components/task-list.tsx';
import '../points.css';

/**
 * /integralNewUser 新人积分: the one-time tasks (绑定手机, 添加自选, 首次签到), each done or not
 * from the user's own data, with the points it gives (credited once, when the server finds it done)
 * and a link to where it is done.
 */
export default function IntegralNewUserPage() {
  const signedIn = useLocalState((state) => state.token !== null);
  const info = usePointInfo(signedIn);
  const user = useUnmaskedUserInfo(signedIn);
  const phone = user.data?.phone;
  return (
    <>
      <PageHeader title="新人积分" />
      {!signedIn ? (
        <main className="points-page">
          <SignInPrompt
            className="points-signin"
            textClassName="points-signin__text"
            text="登录后领取新人积分"
          />
        </main>
      ) : (
        <PullToRefresh onRefresh={() => Promise.all([info.refetch(), user.refetch()])}>
          <main className="points-page">
            <QueryStates query={info} skeletonLines={6} errorText="新人任务加载失败">
              {(data) => {
                const tasks = data.tasks.filter((task) => task.once);
                const total = tasks.reduce((sum, task) => sum + task.points, 0);
                const left = tasks.filter((task) => !task.done).length;
                return (
                  <>
                    <section className="new-user-banner" aria-label="新人积分">
                      <p className="new-user-banner__title">完成新人任务，共得 {total} 积分</p>
                      <p className="new-user-banner__meta">
                        {left === 0 ? '新人任务已全部完成' : `还有 ${left} 项待完成`} · 当前积分{' '}
                        {data.balance}
                      </p>
                    </section>
                    <Section
                      title="新人任务"
                      aside={
                        <Link className="points-link" to={href('userIntegralData')}>
                          积分商城 ›
                        </Link>
                      }
                    >
                      <TaskList tasks={tasks} detail={phone ? { bindPhone: `已绑定 ${phone}` } : {}} />
                    </Section>
                  </>
                );
              }}
            </QueryStates>
          </main>
        </PullToRefresh>
      )}
    </>
  );
}
