import { Link, useLocation } from 'react-router';
import { loginUrl } from '../../../platform/session/login-redirect.ts';

/** What a member page shows a visitor: orders, coupons and memberships belong to a signed-in user. */
export function SignInPrompt({ text }: { text: string }) {
  const { pathname, search } = useLocation();
  return (
    <section className="member-result" aria-label="未登录">
      <p className="member-muted">{text}</p>
      <Link className="button button--primary" to={loginUrl(`${pathname}${search}`)}>
        登录
      </Link>
    </section>
  );
}
