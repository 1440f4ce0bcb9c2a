import { href } from '@zhicai/contract';
import { Link } from 'react-router';
import { LockIcon } from './lock-icon.tsx';

/** What a locked 会员专享 chapter shows instead of its lesson: why, and the way to membership. */
export function LockedNote({ title, courseId }: { title?: string; courseId: number }) {
  return (
    <section className="course-card-box course-locked" aria-label="会员专享">
      <span className="course-locked__icon">
        <LockIcon size={36} />
      </span>
      {title ? <h2>{title}</h2> : null}
      <p>本章为会员专享内容，开通会员后即可学习全部章节与练习。</p>
      <Link className="button button--primary" to={href('app_userPrice')}>
        开通会员解锁
      </Link>
      <Link className="course-muted" to={href('CourseDetails', { courseId })}>
        返回课程目录
      </Link>
    </section>
  );
}
