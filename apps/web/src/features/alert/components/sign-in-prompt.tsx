import { Link, useLocation } from 'react-router';
import { loginUrl } from '../../../platform/session/login-redirect.ts';

/** What an alert page shows a visitor: alerts and messages belong to a signed-in user. */
export function SignInPrompt({ text }: { text: string }) {
  const { pathname, search } = useLocation();
  return (
    <section className="alert-signin" aria-label="未登录">
      <p className="alert-signin__text">{text}</p>
      <Link className="button button--primary" to={loginUrl(`${pathname}${search}`)}>
        登录
      </Link>
    </section>
  );
}
