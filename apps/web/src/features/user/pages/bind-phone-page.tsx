import { useNavigate, useSearchParams } from 'react-router';
import { safeReturnPath } from '../../../platform/session/login-redirect.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { usePhoneLogin } from '../hooks/use-phone-login.ts';
import { sendCodeLabel } from '../user-rules.ts';
import './user-pages.css';

/** /bindphone: log in (or bind a phone) with a phone number and an SMS code. */
export default function BindPhonePage() {
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const form = usePhoneLogin(() => navigate(safeReturnPath(query.get('redirect')), { replace: true }));
  const waiting = form.secondsLeft > 0 || form.sending;

  return (
    <>
      <PageHeader title="绑定手机号" />
      <main className="user-page">
        <p className="user-page__lead">使用手机号验证后登录，自选股与会员权益将随账号同步</p>
        <form
          className="phone-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void form.submit();
          }}
        >
          <label className="phone-form__field">
            <span className="phone-form__label">手机号</span>
            <input
              className="phone-form__input"
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              placeholder="请输入手机号"
              value={form.phone}
              onChange={(event) => form.setPhone(event.target.value)}
            />
          </label>
          <div className="phone-form__field">
            <label className="phone-form__label" htmlFor="sms-code">
              验证码
            </label>
            <input
              id="sms-code"
              className="phone-form__input"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder="6 位验证码"
              value={form.code}
              onChange={(event) => form.setCode(event.target.value)}
            />
            <button
              type="button"
              className="phone-form__send"
              disabled={waiting}
              onClick={() => void form.sendCode()}
            >
              {sendCodeLabel(form.secondsLeft, form.sending)}
            </button>
          </div>
          {form.codeSent ? <p className="phone-form__hint">验证码已发送，请注意查收短信</p> : null}
          {form.error ? (
            <p className="phone-form__error" role="alert">
              {form.error}
            </p>
          ) : null}
          <button
            type="submit"
            className="button button--primary phone-form__submit"
            disabled={form.submitting}
          >
            {form.submitting ? '登录中…' : '登录'}
          </button>
        </form>
      </main>
    </>
  );
}
