import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { UploadTicket, User } from '@zhicai/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localStore } from '../../../platform/session/local-store.ts';
import { failure, ok, stubApi } from '../../../testing/api-stub.ts';
import { renderPages } from '../../../testing/render.tsx';
import UserAccountPage from './user-account-page.tsx';

const user: User = {
  id: 10086,
  nickname: '小明',
  avatar: '',
  phone: '138****8000',
  vipType: 1,
  abTestBatchNo: 'B1',
  createdAt: '2026-01-01T17:00:00Z',
};

const ticket: UploadTicket = {
  uploadUrl: '/api/v2/oss/upload',
  fields: { key: 'avatar/20261127/5b1c', signature: 'abc' },
  fileField: 'file',
  key: 'avatar/20261127/5b1c',
  publicUrl: '/uploads/avatar/20261127/5b1c',
  maxBytes: 5 * 1024 * 1024,
  accept: ['image/png'],
  expiresAt: '2026-11-27T02:00:00.000Z',
};

const pages = { '/userAccount': <UserAccountPage />, '/bindphone': <p>绑定手机号页</p> };

/** The stub API with the account as the server keeps it: an edit changes what userinfo answers. */
function serve(start: User = user) {
  let current = start;
  const server = stubApi({
    'user.userinfo': () => ok(current),
    'user.editUserInfo': (params) => {
      current = { ...current, ...params };
      return ok(current);
    },
    'community.ossSign': ok(ticket),
  });
  const uploads: FormData[] = [];
  const api = server.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).startsWith(ticket.uploadUrl)) {
      uploads.push(init?.body as FormData);
      return new Response(JSON.stringify({ code: '000', message: '成功', datas: null }), { status: 200 });
    }
    return api(input, init);
  });
  return { server, uploads };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStore.getState().setToken(null);
});

describe('/userAccount', () => {
  it('asks a visitor to log in and come back here', async () => {
    stubApi({});
    renderPages('/userAccount', pages);
    expect(await screen.findByText('登录后查看和修改账号信息')).toBeTruthy();
    expect(screen.getByRole('link', { name: '登录' }).getAttribute('href')).toBe(
      '/bindphone?redirect=%2FuserAccount',
    );
  });

  it('shows the account: nickname, masked phone, id, membership and the Beijing date it was made', async () => {
    localStore.getState().setToken('jwt');
    serve();
    renderPages('/userAccount', pages);
    expect(await screen.findByText('小明')).toBeTruthy();
    expect(screen.getByText('138****8000')).toBeTruthy();
    expect(screen.getByText('10086')).toBeTruthy();
    expect(screen.getByText('VIP')).toBeTruthy();
    // 17:00 UTC on 1 January is 01:00 on 2 January in Beijing.
    expect(screen.getByText('2026-01-02')).toBeTruthy();
    expect(screen.getByRole('img', { name: '未设置头像' })).toBeTruthy();
  });

  it('offers to bind a phone when none is bound', async () => {
    localStore.getState().setToken('jwt');
    serve({ ...user, phone: null, vipType: 0 });
    renderPages('/userAccount', pages);
    const bind = await screen.findByRole('link', { name: /去绑定/ });
    expect(bind.getAttribute('href')).toBe('/bindphone?redirect=%2FuserAccount');
    expect(screen.getByText('普通用户')).toBeTruthy();
  });

  it('saves a new nickname, trimmed, and shows it', async () => {
    localStore.getState().setToken('jwt');
    const { server } = serve();
    renderPages('/userAccount', pages);
    fireEvent.click(await screen.findByRole('button', { name: /昵称/ }));
    fireEvent.change(screen.getByLabelText('昵称'), { target: { value: '  价值投资者  ' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('价值投资者')).toBeTruthy();
    expect(server.calls('user.editUserInfo')).toEqual([{ nickname: '价值投资者' }]);
  });

  it('refuses an empty nickname before asking the server', async () => {
    localStore.getState().setToken('jwt');
    const { server } = serve();
    renderPages('/userAccount', pages);
    fireEvent.click(await screen.findByRole('button', { name: /昵称/ }));
    fireEvent.change(screen.getByLabelText('昵称'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findByRole('alert')).textContent).toBe('昵称不能为空');
    expect(server.calls('user.editUserInfo')).toEqual([]);
  });

  it('uploads a new avatar through the signed ticket and saves its address', async () => {
    localStore.getState().setToken('jwt');
    const { server, uploads } = serve();
    renderPages('/userAccount', pages);
    const picker = await screen.findByLabelText('更换头像');
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    fireEvent.change(picker, { target: { files: [png] } });
    const avatar = await screen.findByRole('img', { name: '当前头像' });
    expect(avatar.getAttribute('src')).toBe(ticket.publicUrl);
    expect(server.calls('community.ossSign')).toEqual([{ purpose: 'avatar' }]);
    expect((uploads[0]?.get('file') as File | undefined)?.name).toBe('me.png');
    expect(server.calls('user.editUserInfo')).toEqual([{ avatar: ticket.publicUrl }]);
  });

  it('says why a save failed and keeps the old nickname', async () => {
    localStore.getState().setToken('jwt');
    stubApi({ 'user.userinfo': ok(user), 'user.editUserInfo': failure('999', '昵称包含敏感词') });
    renderPages('/userAccount', pages);
    fireEvent.click(await screen.findByRole('button', { name: /昵称/ }));
    fireEvent.change(screen.getByLabelText('昵称'), { target: { value: '新名字' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findByRole('alert')).textContent).toContain('昵称包含敏感词');
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.getByText('小明')).toBeTruthy());
  });
});
