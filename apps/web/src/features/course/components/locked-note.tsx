import { href } from '@zhicai/contract';
import { Link } from 'react-router';

/** What a locked 会员专享 chapter shows instead of its lesson: why, and the way to membership. */
export function LockedNote({ title }: { title?: string }) {
  return (
    <section className="course-card-box course-locked" aria-label="会员专享">
      <p className="course-locked__icon" aria-hidden="true">
        🔒
      </p>
      {title ? <h2>{title}</h2> : null}
      <p>本章为会员专享内容，开通会员后即可学习全部章节与练习。</p>
      <Link className="button button--primary" to={href('app_userPrice')}>
        开通会员解锁
      </Link>
    </section>
  );
}
