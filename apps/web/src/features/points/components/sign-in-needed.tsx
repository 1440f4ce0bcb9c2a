import { Link, useLocation } from 'react-router';
import { loginUrl } from '../../../platform/session/login-redirect.ts';

/** What a points page shows a visitor: points belong to a signed-in user. */
export function SignInNeeded({ text }: { text: string }) {
  const { pathname, search } = useLocation();
  return (
    <section className="points-signin" aria-label="未登录">
      <p className="points-signin__text">{text}</p>
      <Link className="button button--primary" to={loginUrl(`${pathname}${search}`)}>
        登录
      </Link>
    </section>
  );
}
