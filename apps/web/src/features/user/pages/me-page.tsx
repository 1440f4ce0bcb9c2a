import { href } from '@zhicai/contract';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { loginUrl } from '../../../platform/session/login-redirect.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { UnreadBadge } from '../../alert/index.ts';
import { useUserInfo } from '../api/user-info.ts';
import { maskedPhone, vipBadge } from '../user-rules.ts';
import './user-pages.css';

/** The 我的 tab: who is signed in, or a way to sign in. */
export default function MePage() {
  const { token, data: user, isPending, isError } = useUserInfo();

  return (
    <>
      <PageHeader title="我的" back={false} />
      <main className="user-page">
        {token === null ? (
          <section className="me-card" aria-label="未登录">
            <div className="me-card__avatar me-card__avatar--empty" aria-hidden="true" />
            <div className="me-card__body">
              <p className="me-card__name">未登录</p>
              <p className="me-card__meta">登录后查看自选、会员与积分</p>
            </div>
            <Link to={loginUrl(href('me'))} className="button button--primary me-card__login">
              登录
            </Link>
          </section>
        ) : isPending ? (
          <section className="me-card me-card--loading" aria-busy="true" aria-label="加载中" />
        ) : isError || !user ? (
          <section className="me-card" aria-label="用户信息">
            <p className="me-card__meta">用户信息加载失败，请稍后再试</p>
          </section>
        ) : (
          <Link to={href('userAccount')} className="me-card me-card--link" aria-label="账号信息">
            {user.avatar ? (
              <img className="me-card__avatar" src={user.avatar} alt="头像" width={56} height={56} />
            ) : (
              <div className="me-card__avatar me-card__avatar--empty" role="img" aria-label="头像" />
            )}
            <div className="me-card__body">
              <p className="me-card__name">
                {user.nickname}
                {vipBadge(user.vipType) ? (
                  <span className="me-card__vip">{vipBadge(user.vipType)}</span>
                ) : null}
              </p>
              <p className="me-card__meta">ID：{user.id}</p>
              <p className="me-card__meta">{maskedPhone(user.phone)}</p>
            </div>
          </Link>
        )}
        <nav className="me-menu" aria-label="我的功能">
          {token === null ? null : (
            <Link to={href('meNotification')} className="me-menu__item me-menu__item--badged">
              消息通知
              <Suspense fallback={null}>
                <UnreadBadge />
              </Suspense>
            </Link>
          )}
          <Link to={href('app_userPage')} className="me-menu__item">
            会员中心
          </Link>
          <Link to={href('orderList')} className="me-menu__item">
            我的订单
          </Link>
          <Link to={href('CourseList')} className="me-menu__item">
            投资课堂
          </Link>
          <Link to={href('userIntegralData')} className="me-menu__item">
            积分商城
          </Link>
          <Link to={href('meSetting')} className="me-menu__item">
            设置
          </Link>
        </nav>
      </main>
    </>
  );
}
