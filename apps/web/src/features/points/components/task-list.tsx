import { href, type PointTask } from '@zhicai/contract';
import { Link } from 'react-router';

/** Where each task is done. */
const taskPaths: Readonly<Record<PointTask['key'], string>> = {
  dailyCheckIn: href('userIntegralPop'),
  bindPhone: href('bindphone'),
  addWatchlist: href('favorite'),
  firstCheckIn: href('userIntegralPop'),
};

/**
 * Earning tasks with their points and state. A task not done links to the page that does it; on
 * the check-in page the check-in tasks run the check-in itself (`onCheckIn`) instead of linking
 * to the page they are on.
 */
export function TaskList({
  tasks,
  onCheckIn,
  detail,
}: {
  tasks: readonly PointTask[];
  onCheckIn?: () => void;
  /** A line under a task's description (the bound phone on the new-user page). */
  detail?: Partial<Record<PointTask['key'], string>>;
}) {
  return (
    <ul className="point-tasks">
      {tasks.map((task) => (
        <li key={task.key} className="point-tasks__item">
          <div className="point-tasks__body">
            <p className="point-tasks__title">
              {task.title}
              <span className="point-tasks__points">+{task.points} 积分</span>
            </p>
            <p className="point-tasks__description">{detail?.[task.key] ?? task.description}</p>
          </div>
          {task.done ? (
            <span className="point-tasks__done">{task.once ? '已完成' : '今日已完成'}</span>
          ) : onCheckIn && (task.key === 'dailyCheckIn' || task.key === 'firstCheckIn') ? (
            <button type="button" className="point-tasks__action" onClick={onCheckIn}>
              去签到
            </button>
          ) : (
            <Link
              className="point-tasks__action"
              to={taskPaths[task.key]}
              aria-label={`${task.title}：去完成`}
            >
              去完成
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
