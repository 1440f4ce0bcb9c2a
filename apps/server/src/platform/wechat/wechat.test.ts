import { createHash } from 'node:crypto';
import { anyEnvelope, api } from '@zhicai/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, callRefused } from '../../test/call.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { LOCAL_WECHAT_APP_ID } from './local-wechat.ts';
import { createRealWechat, WECHAT_AUTHORIZE_URL } from './real-wechat.ts';
import { jsSdkSignature } from './wechat-provider.ts';

let context: TestContext;
beforeEach(async () => {
  context = await createTestApp();
});
afterEach(async () => {
  await context.close();
});

const HOST = 'zhicai.test:8080';
const RETURN_TO = `http://${HOST}/stock?stockCode=600519.SH`;

async function consentPage(redirectUri: string) {
  return context.app.inject({
    method: 'GET',
    url: '/dev/wechat/authorize',
    query: {
      appid: LOCAL_WECHAT_APP_ID,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'snsapi_userinfo',
      state: 'auth',
    },
    headers: { host: HOST },
  });
}

/** Presses 允许 the way the browser submits the consent form. */
async function allow(nickname: string) {
  const response = await context.app.inject({
    method: 'GET',
    url: '/dev/wechat/authorize/allow',
    query: { redirect_uri: RETURN_TO, state: 'auth', nickname },
    headers: { host: HOST },
  });
  expect(response.statusCode).toBe(302);
  const location = new URL(response.headers.location as string);
  return location;
}

const loginInput = (code: string) => ({ query: { code, inviteCode: 'ABC', type: '1' } });
const fromWechat = { headers: { requestfrom: 'wechat' } };

function login(code: string) {
  return call(context, api.user.wechatLogin, loginInput(code), fromWechat);
}

describe('local WeChat OAuth', () => {
  it('serves a Chinese consent page with 允许 and 拒绝', async () => {
    const response = await consentPage(RETURN_TO);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('知财 申请获得你的昵称、头像');
    expect(response.body).toContain('允许');
    expect(response.body).toContain('拒绝');
    // 拒绝 goes back with the state and no code, as WeChat does.
    expect(response.body).toContain(
      'href="http://zhicai.test:8080/stock?stockCode=600519.SH&#38;state=auth"',
    );
  });

  it('runs consent → code → login: a new user gets 014 and the welcome text, then 000', async () => {
    const back = await allow('小财');
    expect(back.origin + back.pathname).toBe(`http://${HOST}/stock`);
    expect(back.searchParams.get('state')).toBe('auth');
    expect(back.searchParams.get('stockCode')).toBe('600519.SH');
    const code = back.searchParams.get('code') ?? '';
    expect(code).toMatch(/^[0-9a-f]{32}$/);

    const first = await login(code);
    expect(first).toMatchObject({
      code: '014',
      datas: { userText: '欢迎加入知财', user: { nickname: '小财', phone: null } },
    });

    // The code is single-use, like WeChat's.
    expect(await callRefused(context, api.user.wechatLogin, loginInput(code), fromWechat)).toMatchObject({
      code: '037',
      message: '微信授权已失效，请重新授权',
      datas: null,
    });

    const again = await login((await allow('小财')).searchParams.get('code') ?? '');
    expect(again.code).toBe('000');
    expect(again.datas.user.id).toBe(first.datas.user.id);
    expect(again.datas.userText).toBeUndefined();
    const other = await login((await allow('另一个人')).searchParams.get('code') ?? '');
    expect(other.datas.user.id).not.toBe(first.datas.user.id);
  });

  it.each([
    ['another site', 'https://evil.example/steal'],
    ['a scheme-relative URL', '//evil.example/steal'],
    ['a javascript: URL', 'javascript:alert(1)'],
  ])('refuses to redirect to %s', async (_case, redirectUri) => {
    const response = await consentPage(redirectUri);
    expect(response.statusCode).toBe(400);
    // The consent page is the local WeChat's, no contract endpoint: only the envelope is known.
    expect(anyEnvelope.parse(response.json()).code).toBe('400');
    const allowed = await context.app.inject({
      method: 'GET',
      url: '/dev/wechat/authorize/allow',
      query: { redirect_uri: redirectUri, state: 'auth' },
      headers: { host: HOST },
    });
    expect(allowed.statusCode).toBe(400);
  });

  it('hands the client the local app id and consent page in the runtime configuration', () => {
    expect(context.platform.wechat.appId).toBe(LOCAL_WECHAT_APP_ID);
    expect(context.platform.wechat.authorizeUrl).toBe('/dev/wechat/authorize');
  });
});

describe('GET /api/v2/wx/share/sign', () => {
  it('signs the page URL without its fragment with the JS-SDK SHA-1 over the jsapi_ticket', async () => {
    const url = 'https://zhicai.test/stock?stockCode=600519.SH&from=timeline#comments';
    const { code, datas } = await call(context, api.user.wechatShareSign, { query: { url } });
    expect(code).toBe('000');
    const { appId, timestamp, nonceStr, signature } = datas;
    expect(appId).toBe(LOCAL_WECHAT_APP_ID);
    expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(5);
    const ticket = await context.platform.wechat.jsapiTicket();
    const expected = createHash('sha1')
      .update(
        `jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=https://zhicai.test/stock?stockCode=600519.SH&from=timeline`,
      )
      .digest('hex');
    expect(signature).toBe(expected);
  });

  it('matches the worked example of the WeChat JS-SDK documentation', () => {
    expect(
      jsSdkSignature({
        ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
        nonceStr: 'Wm3WZYTPz0wzccnW',
        timestamp: 1414587457,
        url: 'http://mp.weixin.qq.com?params=value',
      }),
    ).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });

  it('refuses a value that is not a URL', async () => {
    const refusal = await callRefused(context, api.user.wechatShareSign, { query: { url: 'nope' } });
    expect(refusal).toMatchObject({ status: 400, code: '400' });
  });
});

describe('real WeChat provider', () => {
  function fakeWechat(answers: Record<string, object>) {
    const calls: string[] = [];
    const fetchStub = async (input: string | URL | Request) => {
      const url = new URL(String(input));
      calls.push(url.pathname);
      return new Response(JSON.stringify(answers[url.pathname] ?? { errcode: 40001, errmsg: 'invalid' }));
    };
    return { calls, fetch: fetchStub as typeof fetch };
  }

  it('exchanges a code for the openid and nickname through sns/oauth2 and sns/userinfo', async () => {
    const fake = fakeWechat({
      '/sns/oauth2/access_token': { access_token: 'AT', openid: 'o123', expires_in: 7200 },
      '/sns/userinfo': { openid: 'o123', nickname: '微信昵称', headimgurl: 'https://wx.qlogo.cn/a.png' },
    });
    const wechat = createRealWechat({
      appId: 'wxapp',
      appSecret: 's',
      clock: () => new Date(),
      fetch: fake.fetch,
    });
    expect(wechat.authorizeUrl).toBe(WECHAT_AUTHORIZE_URL);
    expect(await wechat.exchangeCode('c')).toEqual({
      openid: 'o123',
      nickname: '微信昵称',
      avatar: 'https://wx.qlogo.cn/a.png',
    });
  });

  it('answers null for a code WeChat calls invalid (40029)', async () => {
    const fake = fakeWechat({ '/sns/oauth2/access_token': { errcode: 40029, errmsg: 'invalid code' } });
    const wechat = createRealWechat({
      appId: 'wxapp',
      appSecret: 's',
      clock: () => new Date(),
      fetch: fake.fetch,
    });
    expect(await wechat.exchangeCode('bad')).toBeNull();
  });

  it('fetches the jsapi_ticket through an access token and caches it until it is due for renewal', async () => {
    const fake = fakeWechat({
      '/cgi-bin/token': { access_token: 'AT', expires_in: 7200 },
      '/cgi-bin/ticket/getticket': { errcode: 0, errmsg: 'ok', ticket: 'TICKET', expires_in: 7200 },
    });
    let now = 0;
    const wechat = createRealWechat({
      appId: 'wxapp',
      appSecret: 's',
      clock: () => new Date(now),
      fetch: fake.fetch,
    });
    expect(await wechat.jsapiTicket()).toBe('TICKET');
    now += 6000 * 1000;
    expect(await wechat.jsapiTicket()).toBe('TICKET');
    expect(fake.calls).toEqual(['/cgi-bin/token', '/cgi-bin/ticket/getticket']);
    now += 1000 * 1000;
    await wechat.jsapiTicket();
    expect(fake.calls).toHaveLength(4);
  });
});
