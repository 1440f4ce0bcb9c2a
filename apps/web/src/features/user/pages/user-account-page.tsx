import { href, type User } from '@zhicai/contract';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useEndpointMutation } from '../../../platform/query/endpoint-query.ts';
import { loginUrl } from '../../../platform/session/login-redirect.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { QueryStates } from '../../../ui/section/index.ts';
import { uploadImage } from '../../community/index.ts';
import { useUserInfo } from '../api/user-info.ts';
import { beijingDate, maskedPhone, nicknameProblem, vipLabel } from '../user-rules.ts';
import './user-pages.css';

/** /userAccount (账号信息): the signed-in account, with its avatar and nickname editable. */
export default function UserAccountPage() {
  const info = useUserInfo();

  return (
    <>
      <PageHeader title="账号信息" />
      <main className="user-page">
        {info.token === null ? (
          <section className="me-card" aria-label="未登录">
            <div className="me-card__body">
              <p className="me-card__name">未登录</p>
              <p className="me-card__meta">登录后查看和修改账号信息</p>
            </div>
            <Link to={loginUrl(href('userAccount'))} className="button button--primary me-card__login">
              登录
            </Link>
          </section>
        ) : (
          <QueryStates query={info} skeletonLines={5} errorText="账号信息加载失败">
            {(user) => <AccountRows user={user} />}
          </QueryStates>
        )}
      </main>
    </>
  );
}

function AccountRows({ user }: { user: User }) {
  const edit = useEndpointMutation('user.editUserInfo');
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [draft, setDraft] = useState<string | null>(null);

  const changeAvatar = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    setUploading(true);
    try {
      const avatar = await uploadImage(file, file.name, 'avatar');
      await edit.mutateAsync({ avatar });
    } catch (error) {
      setProblem(error instanceof Error && error.message ? error.message : '头像上传失败，请重试');
    } finally {
      setUploading(false);
    }
  };

  const saveNickname = async (event: FormEvent) => {
    event.preventDefault();
    const nickname = (draft ?? '').trim();
    const invalid = nicknameProblem(nickname);
    if (invalid) {
      setProblem(invalid);
      return;
    }
    setProblem(null);
    try {
      if (nickname !== user.nickname) await edit.mutateAsync({ nickname });
      setDraft(null);
    } catch (error) {
      setProblem(error instanceof Error && error.message ? error.message : '昵称保存失败，请重试');
    }
  };

  return (
    <>
      <section className="account-list" aria-label="账号信息">
        <label className="account-row account-row--action">
          <span className="account-row__label">头像</span>
          <span className="account-row__value">
            {uploading ? '上传中…' : null}
            {user.avatar ? (
              <img className="account-row__avatar" src={user.avatar} alt="当前头像" width={40} height={40} />
            ) : (
              <span
                className="account-row__avatar account-row__avatar--empty"
                role="img"
                aria-label="未设置头像"
              />
            )}
          </span>
          <input
            className="account-row__file"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            aria-label="更换头像"
            disabled={uploading}
            onChange={(event) => {
              void changeAvatar(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </label>
        {draft === null ? (
          <button
            type="button"
            className="account-row account-row--action"
            onClick={() => setDraft(user.nickname)}
          >
            <span className="account-row__label">昵称</span>
            <span className="account-row__value">{user.nickname}</span>
          </button>
        ) : (
          <form className="account-row account-row--editing" onSubmit={(event) => void saveNickname(event)}>
            <label className="account-row__label" htmlFor="account-nickname">
              昵称
            </label>
            <input
              id="account-nickname"
              className="account-row__input"
              value={draft}
              maxLength={20}
              // biome-ignore lint/a11y/noAutofocus: the user just asked to edit this field.
              autoFocus
              onChange={(event) => setDraft(event.target.value)}
            />
            <button type="submit" className="account-row__save" disabled={edit.isPending}>
              {edit.isPending ? '保存中' : '保存'}
            </button>
            <button type="button" className="account-row__cancel" onClick={() => setDraft(null)}>
              取消
            </button>
          </form>
        )}
        {user.phone === null ? (
          <Link
            to={href('bindphone', { redirect: href('userAccount') })}
            className="account-row account-row--action"
          >
            <span className="account-row__label">手机号</span>
            <span className="account-row__value account-row__value--link">去绑定</span>
          </Link>
        ) : (
          <div className="account-row">
            <span className="account-row__label">手机号</span>
            <span className="account-row__value">{maskedPhone(user.phone)}</span>
          </div>
        )}
        <div className="account-row">
          <span className="account-row__label">用户ID</span>
          <span className="account-row__value">{user.id}</span>
        </div>
        <div className="account-row">
          <span className="account-row__label">会员</span>
          <span className="account-row__value">{vipLabel(user.vipType)}</span>
        </div>
        <div className="account-row">
          <span className="account-row__label">注册时间</span>
          <span className="account-row__value">{beijingDate(user.createdAt)}</span>
        </div>
      </section>
      {problem ? (
        <p className="phone-form__error account-problem" role="alert">
          {problem}
        </p>
      ) : null}
    </>
  );
}
