import { Link, useLocation } from 'react-router';
import { loginUrl } from '../../../platform/session/login-redirect.ts';

/** What a page of one's own (messages, feedback) shows a visitor. */
export function SignInNote({ text }: { text: string }) {
  const { pathname, search } = useLocation();
  return (
    <section className="community-card" aria-label="未登录">
      <p>{text}</p>
      <Link className="button button--primary" to={loginUrl(`${pathname}${search}`)}>
        登录
      </Link>
    </section>
  );
}
