import { Link, useLocation } from 'react-router';
import { loginUrl } from '../../../platform/session/login-redirect.ts';

/** What a page of one's own learning shows a visitor, with a login that returns here. */
export function SignInNote({ text }: { text: string }) {
  const { pathname, search } = useLocation();
  return (
    <section className="course-card-box course-sign-in" aria-label="未登录">
      <p>{text}</p>
      <Link className="button button--primary" to={loginUrl(`${pathname}${search}`)}>
        登录
      </Link>
    </section>
  );
}
