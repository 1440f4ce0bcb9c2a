import { Link, useLocation } from 'react-router';
import { loginUrl } from '../../platform/session/login-redirect.ts';

export interface SignInPromptProps {
  /** What signing in opens here (登录后查看订单). */
  text: string;
  /** The card's look in its feature; the text and the 登录 button are the same everywhere. */
  className?: string;
  textClassName?: string;
}

/**
 * What a page of the user's own (orders, alerts, points, learning, messages) shows a visitor: why
 * to sign in, and 登录, which comes back to this very page and query after the login.
 */
export function SignInPrompt({ text, className, textClassName }: SignInPromptProps) {
  const { pathname, search } = useLocation();
  return (
    <section className={className} aria-label="未登录">
      <p className={textClassName}>{text}</p>
      <Link className="button button--primary" to={loginUrl(`${pathname}${search}`)}>
        登录
      </Link>
    </section>
  );
}
