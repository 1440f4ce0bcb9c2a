import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PaymentNotificationError, PaymentUnavailableError } from './payment-provider.ts';
import { createWechatPay } from './wechatpay.ts';
import {
  answerSignatureMessage,
  authorizationHeader,
  beijingTime,
  decryptResource,
  encryptResource,
  jsapiParams,
  parseTransactionNotification,
  signMessage,
} from './wechatpay-v3.ts';

// A key made for this test only (openssl genrsa 2048); the expected signatures below were made
// from it with `openssl dgst -sha256 -sign`, and the ciphertext with Python's AESGCM, so the test
// holds our code against independent implementations, not against itself.
const TEST_PRIVATE_KEY = `-----BEGIN PRIVATE KEY-----
MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQCHrDT/M3MhWa4a
9jz1wEmHfBZWuslppg1INumsRzldtFBfifBqcTBiDhzJ3Cv+IIN4yWNy3giQFm9v
fnI7BhyWhFbTzthwzsn9jR5YyBuh+epGTO9IXr15IQbzRM61DdrT7lweSPR9knUJ
rDt14X9kx5dJy+hP4n4NOrXqiwfg9ZJIbkVB+RlqVSz8TBmMo7sqKlRZDfkIP121
GmRoRN4FXKYTqR2Bg02+h6/edmuN4zSJe5KHIUcXGE2YqnxsoMhJxz7pQUERz1k+
g0Fuacr3WPVrbE/C9eqYgNH0LjbONX2mHPIL4uyo1AXOn1tzALsK9jcq+glza6f6
2WcbvHRHAgMBAAECggEABSzoiKOpzKfjIFwsTyOaqnRtVbmiXUlcUFjn6Q5+fbiX
KE3Wwfi3Y8YuCvU/KF6NJVppVMRrhzOT5KjqKp49EPDTbxkA4KzCv81WTwSzKSaj
bTMaHaSfjbNY1IbXa8ivhE4fbXhS+0dO96N+USzc8zc56jLBFesJ6+9FaUEMd+RY
C9yhXzKay58S99/4fyStTPC5tFShKDajaidFjSMAL2sOcMfPtbMx4XQvCT6tIwH4
Kcuj9kQ52/MWkZcvFiHOIV6BqvlK2M4wFnhD7adHTp10sOrGR1N9IwTbTBthpUMd
A4Q3gDR9yMsyTampKUWqXYfTtDXUYIso91r826y6wQKBgQC9FZZtpPfx2QSAye4y
R3d0RA+YL8+Kl4aw/UZAfyS3T/y3zyQsX1c9ApDzGmvCZlZY4kqqupi+LCXe5Nqe
vF1z3KAJjsDwTtMGUU+Px2XaCI6sO5V9swDVlMSpUTDM0Hj3WUxcAGxFsopCTGRt
i6+RzCBhAKeo6z/1tfeUpyq/rwKBgQC3r7Orzb/S9kt+BQKGSSYWZoLphMFZ375y
eUtdNnvEKCPwVRUSKATJZbyGJIgqAYyIh0MoUgsvMoetthcRKdKptS1zdg0IDDK1
kqToV6JbpPvrJT6IHoWfnLilDnC95KxRMT7egDNGKjT3cJ79/LyDcJT+TWPuArBA
jWLTAH1i6QKBgQC8YKF5ov0SiW8fEA6rMOAliRkwOZG/Na8O7YXsA7+Ekb/pMAmN
236CXegjCpOJHYOxEeHprfU2oa0pHz9fHbLNF2SpoPs/boh2ptNpHvKuAhCCLuqE
TK3sG0bCmQzRQHEDnIeisRktZu6vloQHTz8fNgqcGZbvh1A1b5C1HMZOKQKBgEsA
q1SThqgVeW3TjdxXMf4jjYDcfDa+bX1Amc1N2euWmFYh56CqRooVyIzdjdvZFhEJ
ahqkpXx4HX6Iw5J2iVZSbGSg52FJ2craPgvA/MJ+835ojsf17onl7F85Lj/bh6D/
grRHlKgpw8blbYY4FKF27t+Hqi4dWuqA0MFnictBAoGASSWlseks3uFZL4CkzbJL
1tpEmCAlC2BHHgxREusMDaIu7RAo85MJFdWVAVFxXD7BXRXi7BgP2mNG5XUSg2sl
NxBEcGd4YkWAkhEVDxzdFgjsqtWXlnBqU41/t5BQ3piCvNpMNM+SfiXh4hm327gt
2ulwOdukq2kBluUwjueiRzY=
-----END PRIVATE KEY-----`;
const TEST_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAh6w0/zNzIVmuGvY89cBJ
h3wWVrrJaaYNSDbprEc5XbRQX4nwanEwYg4cydwr/iCDeMljct4IkBZvb35yOwYc
loRW087YcM7J/Y0eWMgbofnqRkzvSF69eSEG80TOtQ3a0+5cHkj0fZJ1Caw7deF/
ZMeXScvoT+J+DTq16osH4PWSSG5FQfkZalUs/EwZjKO7KipUWQ35CD9dtRpkaETe
BVymE6kdgYNNvoev3nZrjeM0iXuShyFHFxhNmKp8bKDIScc+6UFBEc9ZPoNBbmnK
91j1a2xPwvXqmIDR9C42zjV9phzyC+LsqNQFzp9bcwC7CvY3KvoJc2un+tlnG7x0
RwIDAQAB
-----END PUBLIC KEY-----`;
const API_V3_KEY = 'a7cde1ZJB1kG2e7VfTs3jQzaWizur8Gb';
const TRANSACTION =
  '{"out_trade_no":"ZC1","transaction_id":"4200001","trade_state":"SUCCESS","success_time":"2026-11-28T08:00:00+08:00","amount":{"total":18800,"payer_total":18800}}';
const TRANSACTION_CIPHERTEXT =
  'LYUIiWaTlOtlVpwY6X5lno6IiyJOP4Jjray7w1vH3vpYEIQMH2Hh5IJGQcq8oGZb2CEzpbYUyTci7SFZZ5zbwGochSHrlBJu663omvLQiWAMYF5DmKDH2OCUy+8KYvA8QX6tQ7OTKQTCVaMvGF0koT/CItQoyzmSqIvdtVslpD7/1/ibVctTdYxtI/4GAu9rCo9rbgGty19ba89cgVtSaum2G2Teeh679cqJBTz2ilmF';
const NOW = new Date(1764288000 * 1000);

function notification(body: string, privateKey = TEST_PRIVATE_KEY, timestamp = '1764288000') {
  const nonce = 'fdasflkja484w';
  return {
    headers: {
      timestamp,
      nonce,
      serial: 'PUB_KEY_ID_TEST',
      signature: signMessage(privateKey, answerSignatureMessage(timestamp, nonce, body)),
    },
    body,
  };
}

const keys = { publicKey: TEST_PUBLIC_KEY, publicKeyId: 'PUB_KEY_ID_TEST', apiV3Key: API_V3_KEY };
const notificationBody = JSON.stringify({
  id: 'EV-2018022511223320873',
  event_type: 'TRANSACTION.SUCCESS',
  resource_type: 'encrypt-resource',
  resource: {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: TRANSACTION_CIPHERTEXT,
    associated_data: 'transaction',
    nonce: '0123456789ab',
    original_type: 'transaction',
  },
});

describe('WeChat Pay v3 signatures (fixed key)', () => {
  it('signs a merchant request as openssl does, in the WECHATPAY2-SHA256-RSA2048 header', () => {
    const header = authorizationHeader(
      {
        mchId: '1900009191',
        serialNo: '408B07E79B8269FEC3D5D3E6AB8ED163A6A380DB',
        privateKey: TEST_PRIVATE_KEY,
      },
      {
        method: 'POST',
        pathWithQuery: '/v3/pay/transactions/jsapi',
        body: '{"appid":"wxd678efh567hg6787"}',
        timestamp: '1764288000',
        nonce: '593BEC0C930BF1AFEB40B4A08C8FB242',
      },
    );
    expect(header).toBe(
      'WECHATPAY2-SHA256-RSA2048 mchid="1900009191",nonce_str="593BEC0C930BF1AFEB40B4A08C8FB242",signature="DwwLYE6MpVGnqVnoKyLvQ5cYGp2FQFWJt7AudlyMUCrAKalw6ph3Ue6Me7hH5lDvu4JnSXuwzwa2RJ30TT3CJnbx3/hsLtbdUfFSs5/ScFwP8HevEgDh4I7uJEq715+wp9IqSQco3jAJNy9/xKiDmSBwkWR3Ay9cRNhXcl6qtOPd2jsNJJLV1AIaZsIXeI1O8CDkpB/bIV3RKSoUrlohIKfhyhv5F6AyTxj/C8nlcyaA9QYlO9YzZJ4QLgCtHrMjV5+WFCt6WryyKbt2grfY6qViBPscIfT2wgvsO/AfDzXeK5oz+Cq2xTcWOdK6Wycl3BmMD6YNhIismQ1uhaWYGQ==",timestamp="1764288000",serial_no="408B07E79B8269FEC3D5D3E6AB8ED163A6A380DB"',
    );
  });

  it('signs the JSAPI paySign over appId, timeStamp, nonceStr and package', () => {
    expect(
      jsapiParams(
        'wxd678efh567hg6787',
        'wx201410272009395522657a690389285100',
        TEST_PRIVATE_KEY,
        '1764288000',
        '593BEC0C930BF1AFEB40B4A08C8FB242',
      ),
    ).toEqual({
      appId: 'wxd678efh567hg6787',
      timeStamp: '1764288000',
      nonceStr: '593BEC0C930BF1AFEB40B4A08C8FB242',
      package: 'prepay_id=wx201410272009395522657a690389285100',
      signType: 'RSA',
      paySign:
        'UDSpSjiHhPFZSqQYjwTyvUTjve9gsd5Mth6dCJanFyiv89IVQGnHWMV1kUyuM2m2sU95K009uVbB/WAZpb85URJQJyiMpl4gMd7S/XBvOuNrjG0tz32JcTCI/q/5vfB9SVnEUzuso++6l0AsxXLKXd89ZgTBKh4JQ7WTvecmAVAJn4ISy51rKkOosVXhuuExDTvJRFvq3+NEmkNrRLTwJFXLSRIEkANdXWzihOt1A1/2MwPPXs/vip/UNmYWxrKlurh7be3Z4h4n5qvovf5yhu05a/iZUuWhKSqEPQe2AeiSTnz944Wz0juajr02uRhiPpjXfO2EbUFnm+LSLvbh4Q==',
    });
  });

  it('decrypts an AEAD_AES_256_GCM resource made by another implementation, and encrypts it the same', () => {
    const resource = encryptResource(API_V3_KEY, TRANSACTION, 'transaction', '0123456789ab');
    expect(resource.ciphertext).toBe(TRANSACTION_CIPHERTEXT);
    expect(decryptResource(API_V3_KEY, resource)).toBe(TRANSACTION);
  });

  it('writes WeChat times in Beijing time', () => {
    expect(beijingTime('2026-11-28T00:30:00.000Z')).toBe('2026-11-28T08:30:00+08:00');
  });
});

describe('WeChat Pay v3 notifications', () => {
  it('answers the transaction of a well-signed notification', () => {
    const { headers, body } = notification(notificationBody);
    expect(parseTransactionNotification(keys, headers, body, NOW)).toEqual({
      outTradeNo: 'ZC1',
      transactionId: '4200001',
      tradeState: 'SUCCESS',
      amount: 18800,
      successTime: '2026-11-28T08:00:00+08:00',
    });
  });

  it('refuses a body changed after signing, another signer, another serial, a stale one, a wrong APIv3 key', () => {
    const { headers, body } = notification(notificationBody);
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const refusals = [
      () => parseTransactionNotification(keys, headers, body.replace('EV-', 'EV+'), NOW),
      () =>
        parseTransactionNotification(
          keys,
          notification(notificationBody, other.export({ type: 'pkcs8', format: 'pem' }).toString()).headers,
          body,
          NOW,
        ),
      () => parseTransactionNotification(keys, { ...headers, serial: 'PUB_KEY_ID_OTHER' }, body, NOW),
      () => parseTransactionNotification(keys, headers, body, new Date(NOW.getTime() + 301_000)),
      () => parseTransactionNotification({ ...keys, apiV3Key: 'b'.repeat(32) }, headers, body, NOW),
      () => parseTransactionNotification(keys, { ...headers, signature: undefined }, body, NOW),
    ];
    for (const refusal of refusals) expect(refusal).toThrow(PaymentNotificationError);
  });
});

describe('the WeChat Pay provider', () => {
  const config = {
    appId: 'wxd678efh567hg6787',
    mchId: '1900009191',
    serialNo: '408B07E79B8269FEC3D5D3E6AB8ED163A6A380DB',
    privateKey: TEST_PRIVATE_KEY,
    apiV3Key: API_V3_KEY,
    // In the test WeChat's key is ours too, so the stub can sign its answers.
    publicKey: TEST_PUBLIC_KEY,
    publicKeyId: 'PUB_KEY_ID_TEST',
    notifyUrl: 'https://zhicai.example.com/api/v2/wx/pay/notify',
  };
  const request = {
    outTradeNo: 'ZC20261128083000123456',
    description: '知财-年度会员',
    amount: 18800,
    openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
    clientIp: '203.0.113.7',
    payBefore: '2026-11-28T01:00:00.000Z',
    returnPath: '/paySuccess?orderId=7',
    orderId: 7,
  };

  function signedAnswer(answer: object, status = 200) {
    const sent: { url: string; init: RequestInit | undefined }[] = [];
    const stub = async (url: string | URL | Request, init?: RequestInit) => {
      sent.push({ url: String(url), init });
      const text = JSON.stringify(answer);
      return new Response(text, {
        status,
        headers: {
          'wechatpay-timestamp': '1764288000',
          'wechatpay-nonce': 'n1',
          'wechatpay-signature': signMessage(
            TEST_PRIVATE_KEY,
            answerSignatureMessage('1764288000', 'n1', text),
          ),
        },
      });
    };
    return { sent, fetch: stub as typeof fetch };
  }

  it('orders a JSAPI payment with a signed request and answers signed bridge params', async () => {
    const wechat = signedAnswer({ prepay_id: 'wx28083000123' });
    const provider = createWechatPay(config, { clock: () => NOW, fetch: wechat.fetch });
    const launch = await provider.createPayment({ ...request, channel: 'jsapi' });
    expect(wechat.sent[0]?.url).toBe('https://api.mch.weixin.qq.com/v3/pay/transactions/jsapi');
    const sentBody = JSON.parse(String(wechat.sent[0]?.init?.body));
    expect(sentBody).toMatchObject({
      appid: config.appId,
      mchid: config.mchId,
      out_trade_no: request.outTradeNo,
      time_expire: '2026-11-28T09:00:00+08:00',
      notify_url: config.notifyUrl,
      amount: { total: 18800, currency: 'CNY' },
      payer: { openid: request.openid },
    });
    const authorization = new Headers(wechat.sent[0]?.init?.headers).get('authorization') ?? '';
    expect(authorization).toMatch(
      /^WECHATPAY2-SHA256-RSA2048 mchid="1900009191",nonce_str="\w+",signature="[^"]+",timestamp="1764288000",serial_no="408B07E79B8269FEC3D5D3E6AB8ED163A6A380DB"$/,
    );
    expect(launch.type).toBe('jsapi');
    if (launch.type !== 'jsapi') return;
    expect(launch.params.package).toBe('prepay_id=wx28083000123');
    expect(launch.params.timeStamp).toBe('1764288000');
  });

  it('orders an H5 payment and sends the payer back to /paySuccess on our site', async () => {
    const wechat = signedAnswer({
      h5_url: 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1&package=1',
    });
    const provider = createWechatPay(config, { clock: () => NOW, fetch: wechat.fetch });
    const launch = await provider.createPayment({ ...request, channel: 'h5' });
    expect(JSON.parse(String(wechat.sent[0]?.init?.body)).scene_info).toEqual({
      payer_client_ip: '203.0.113.7',
      h5_info: { type: 'Wap' },
    });
    expect(launch).toEqual({
      type: 'redirect',
      url: 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1&package=1&redirect_url=https%3A%2F%2Fzhicai.example.com%2FpaySuccess%3ForderId%3D7',
    });
  });

  it('refuses an answer whose signature does not verify, and an HTTP failure', async () => {
    const forged = signedAnswer({ prepay_id: 'x' });
    const tampered = (async (url: string | URL | Request, init?: RequestInit) => {
      const answer = await forged.fetch(url, init);
      return new Response('{"prepay_id":"forged"}', { status: 200, headers: answer.headers });
    }) as typeof fetch;
    const provider = createWechatPay(config, { clock: () => NOW, fetch: tampered });
    await expect(provider.createPayment({ ...request, channel: 'jsapi' })).rejects.toThrow(
      PaymentUnavailableError,
    );
    const failing = createWechatPay(config, {
      clock: () => NOW,
      fetch: signedAnswer({ code: 'PARAM_ERROR' }, 400).fetch,
    });
    await expect(failing.createPayment({ ...request, channel: 'h5' })).rejects.toThrow(
      PaymentUnavailableError,
    );
  });

  it('checks notifications with WeChat Pay public key and the APIv3 key', () => {
    const provider = createWechatPay(config, { clock: () => NOW });
    const { headers, body } = notification(notificationBody);
    expect(provider.parseNotification(headers, body).outTradeNo).toBe('ZC1');
    // The key objects parse: the configuration's PEM texts are real keys.
    expect(createPrivateKey(TEST_PRIVATE_KEY).asymmetricKeyType).toBe('rsa');
    expect(createPublicKey(TEST_PUBLIC_KEY).asymmetricKeyType).toBe('rsa');
  });
});
