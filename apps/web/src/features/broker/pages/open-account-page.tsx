import { currentEnvironment } from '../../../platform/environment.ts';
import { ApiError } from '../../../platform/request/api-error.ts';
import { useLocalState } from '../../../platform/session/local-store.ts';
import { sendToLogin } from '../../../platform/session/login-redirect.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { accountOpeningStatusText, continueLabel } from '../account-opening.ts';
import { useAccountOpening } from '../api/account-opening.ts';
import { officialAccountOpeningMessage } from '../broker-link.ts';
import './open-account-page.css';

const steps = ['填写资料', '视频见证', '签署协议'];

/**
 * /openAccount: the account-creation flow of spec 1 §2 (`open_HX_creatAccount=creat` lands here).
 * Opening the page initialises the application at the broker (spec 1 §7), which resumes one in
 * progress; the broker's own pages take the user through the steps.
 */
export default function OpenAccountPage() {
  const token = useLocalState((state) => state.token);
  const environment = currentEnvironment();
  // spec 1 §8: inside WeChat the broker is reached through the official account, not this page.
  const inWechat = environment.kind === 'wechat' || environment.kind === 'miniProgram';
  const opening = useAccountOpening(token, !inWechat);

  return (
    <>
      <PageHeader title="开户" />
      <main className="open-account">
        <section className="open-account__intro">
          <h2 className="open-account__title">股票开户</h2>
          <ol className="open-account__steps" aria-label="开户步骤">
            {steps.map((step, index) => (
              <li key={step}>
                <span className="open-account__step-number">{index + 1}</span>
                {step}
              </li>
            ))}
          </ol>
          <p className="open-account__lead">
            开户由合作券商办理，请准备好本人二代身份证和银行卡，全程约 5 分钟。
          </p>
        </section>
        {inWechat ? (
          <p className="open-account__message">{officialAccountOpeningMessage}</p>
        ) : token === null ? (
          <div className="open-account__message">
            <p>登录后即可开户</p>
            <button type="button" className="button" onClick={() => sendToLogin()}>
              去登录
            </button>
          </div>
        ) : opening.isPending ? (
          <p className="open-account__message" role="status">
            正在为您准备开户…
          </p>
        ) : opening.isError ? (
          <div className="open-account__message" role="alert">
            <p>{opening.error instanceof ApiError ? opening.error.message : '开户初始化失败，请稍后再试'}</p>
            {/* 037 is the broker's answer (e.g. the account is open already); trying again won't change it. */}
            {opening.error instanceof ApiError && opening.error.code === '037' ? null : (
              <button type="button" className="button" onClick={() => void opening.refetch()}>
                重试
              </button>
            )}
          </div>
        ) : (
          <section className="open-account__application" aria-label="开户申请">
            <dl>
              <dt>申请编号</dt>
              <dd>{opening.data.applicationId}</dd>
              <dt>状态</dt>
              <dd>{accountOpeningStatusText[opening.data.status]}</dd>
              <dt>发起时间</dt>
              <dd>{opening.data.startedAt.slice(0, 10)}</dd>
            </dl>
            {continueLabel(opening.data.status) ? (
              <a className="button open-account__continue" href={opening.data.openUrl}>
                {continueLabel(opening.data.status)}
              </a>
            ) : null}
          </section>
        )}
      </main>
    </>
  );
}
