import { describe, expect, it } from 'vitest';
import type { Endpoint, HttpMethod } from './endpoint.ts';
import { allEndpoints } from './index.ts';

/**
 * A call as a document gives it: `GET /api/v2/config/get`, a path without a method when the
 * document gives none, `:name` for a path parameter, and `*` for one or more segments the document
 * leaves open (`/api/v2/fund/*`, `/api/v4/etf/*\/:code`).
 */
type Call = string;

/** `under('GET /api/v2/opt/', ['addOpt', 'isOpt'])`: the spec's "GET /api/v2/opt/: addOpt, isOpt". */
function under(prefix: string, names: readonly string[]): Call[] {
  return names.map((name) => `${prefix}${name}`);
}

/**
 * Spec 2 §7.3 "Catalogue by group", every path it gives, in its order. A list after a path
 * ("GET /api/v2/opt/: addOpt, changeOpt…", "/api/v2/coupon/*: list, listUsed…") is expanded into
 * full paths; a prefix whose calls the spec only describes ("/api/v3/appMarket/*: plates, ETF
 * pages…") stays a prefix.
 */
const specCalls: readonly Call[] = [
  // Config and user.
  'GET /api/v2/config/get',
  'GET /api/v2/config/getAppMenus',
  'GET /api/v2/config/checkTestToken',
  'GET /api/v2/user/userinfo',
  'GET /api/v2/user/vipType',
  'GET /api/v2/user/getSmsCode',
  'POST /api/v2/user/bindPhone',
  'POST /api/v2/user/editUserInfo',
  'POST /api/v2/user/pushSet',
  'POST /api/v2/user/userDatas',
  'GET /api/v2/user/receiveVip',
  'GET /api/v2/user/activeMargeUser',
  'GET /api/v2/user/abtest/tag',
  ...under('GET /api/v2/user/help/', ['list', 'allTypes', 'info']),
  'GET /api/v2/user/isCN',
  'GET /api/v2/wx/rest/outh',
  'GET /api/v2/wx/share/sign',
  'POST /api/v2/userSwitch/edit',
  'GET /api/v2/userSwitch/switchList',
  'GET /api/v2/open/token',
  'GET /api/v2/open/stockInfo',
  'GET /api/v2/open/getZhishiUID',
  'POST /api/v2/sechb/decr',
  'GET /api/v2/system/apiOuth',

  // Watchlist.
  ...under('GET /api/v2/capital/', ['addOptional', 'delOptional']),
  ...under('POST /api/v2/capital/', ['sortOptional', 'batchDelOptional']),
  ...under('GET /api/v2/opt/', [
    'addOpt',
    'changeOpt',
    'moveOpt',
    'setTop',
    'reSetAddDate',
    'isOpt',
    'groupIds',
    'groupIdsMultiCodes',
    'optGroupList',
    'optGroupListV2',
    'optGroupListV3',
    'addOptGroup',
    'renameOptGroup',
    'delOptGroup',
    'optGroupItemNum',
    'eventReminderOptGroupList',
    'imgToStocks',
    'queryBeginDate',
    'listOptV4',
    'listOptV3',
  ]),
  'POST /api/v2/opt/remark/:code',
  ...under('POST /api/v2/opt/', [
    'sortOpt',
    'sortOptGroup',
    'sortOptGroupV2',
    'batchDelOpt',
    'avgChg',
    'userOptCount',
    'listOptionalV4Items',
    'listOptionalV3Items',
  ]),

  // Price alerts.
  ...under('GET /api/v2/pricePush/', [
    'setChange',
    'pricePushlist',
    'pushInfo',
    'add',
    'deleteByCode',
    'listForUserSwitch',
  ]),
  ...under('POST /api/v2/pricePush/', ['batchAdd', 'batchUpdate', 'delForUserSwitch']),

  // Market data.
  'POST /api/v2/capital/realTime',
  ...under('/api/v2/capital/', [
    'search',
    'searchV4',
    'hk/search',
    'queryName',
    'sameIndustry',
    'screen',
    'screen/num',
  ]),
  '/api/v3/appMarket/*',
  '/api/v3/market/*',
  '/api/v4/market/*',
  '/api/v4/dayKV2/:code',
  'GET /api/v3/details/holderNumDetails',

  // Stock, HK and fund detail modules.
  '/api/v2/module/*',
  '/api/v2/hk/module/*',
  '/api/v2/quarter/*',
  '/api/v2/report/*',
  '/api/v2/hk/report/*',
  '/api/v3/details/*',
  '/api/v3/inst/*',
  '/api/v3/ipo/*',
  '/api/v2/fund/*',
  '/api/v3/etf/config',
  '/api/v4/etf/*/:code',
  '/api/v4/index/*/:code',
  '/api/v2/etfhome/*',
  '/api/v3/data/getByconfig',

  // Selection strategies.
  ...under('POST /api/v2/select/', ['select', 'num']),
  'GET /api/v2/select/range',
  '/api/v2/fundSelect/*',
  ...['/api/v2/userSelectStrategy/', '/api/v2/fund/userSelectStrategy/'].flatMap((prefix) =>
    under(prefix, [
      'list',
      'list_v2',
      'list_v3',
      'add',
      'del',
      'rename',
      'updateCondition/:id',
      'info/:id',
      'copyStrategy',
    ]),
  ),
  '/api/v3/stockP/*',

  // Commerce.
  'GET /api/v2/goods/list_v3',
  'GET /api/v2/wx/pay',
  'GET /api/v2/wx/groupPay',
  'GET /api/v2/order/list',
  ...under('/api/v2/coupon/', ['list', 'listUsed', 'offer', 'courseOffer', 'getCheckStatus']),
  ...under('/api/v2/card/user/', ['list', 'giveCard', 'info', 'receiveCard', 'saleList']),
  '/api/v2/group/*',
  '/api/v2/groupActivity/*',
  ...under('POST /api/v2/ios/', ['iosSubscribe', 'reopenToken']),

  // Promotions.
  '/api/v2/operate/*',
  '/api/v2/activity/*',
  '/api/v2/raffle/*',
  'POST /api/v2/raffle/createExpressInfo',
  '/api/v2/tempactivity/userStatus',
  '/api/v2/newUser/*',
  '/api/v2/vote/*',
  ...under('/api/v2/pointShop/', ['info', 'hasSign', 'goodList', 'pointList', 'exchangeList']),
  ...under('POST /api/v2/pointShop/', ['exchange', 'receive']),
  'GET /api/v2/express/last',

  // Courses.
  ...under('/api/v3/course/', [
    'list',
    'chapterList',
    'chapterDetail',
    'hasBuy',
    'userWatch',
    'getCertified',
  ]),
  'POST /api/v3/course/userAnswer',
  '/api/comm/courseFront/*',
  '/api/v2/courseActivity/*',

  // Content and community.
  '/api/v2/article/*',
  '/api/v2/news/*',
  '/api/v2/notice/*',
  // "msg list" and "unread count" are described, not named, hence the prefix as well.
  ...under('/api/v3/generalComment/', ['list', 'like', 'comment', 'tipoff']),
  '/api/v3/generalComment/*',
  '/api/v3/community/*',
  '/api/v2/feedback/*',
  '/api/v2/banner/*',
  'GET /api/v2/pv/save',
  ...under('GET /api/v2/oss/', ['sign', 'signvideo']),

  // Securities-account opening.
  '/api/v2/sec/*',
  '/api/v2/secHx/*',
];

/**
 * Calls §7.3 names without saying where they live: "Rank: getRankNames, getLevelTree…" has no
 * path; the optSort calls have none; "k/subscribe*" names no version; after "POST
 * /api/v2/select/select, select/num" the names conditionAdjust, recommend, listSelectInfo and
 * listCommentTags could be under /api/v2/ or /api/v2/select/. An endpoint with one of these names
 * (or, for names as plain as `get`, this segment and name) may be served at any path.
 */
const namedWithoutPath: readonly string[] = [
  'getRankNames',
  'getLevelTree',
  'getRank',
  'riseFallCapitals',
  'plateStatV2Page',
  ...['get', 'getHk', 'getKSet', 'set', 'setHk', 'setKSet'].map((name) => `optSort/${name}`),
  'conditionAdjust',
  'recommend',
  'listSelectInfo',
  'listCommentTags',
];

/**
 * Prefixes the spec gives for variants of calls it names elsewhere: "Fund variants under
 * /api/v2/fundSelect/*" serves the fund screen's select, num, range… there by the stock screen's
 * names, so those names under this prefix are the variants, not the stock calls misplaced.
 */
const variantPrefixes: readonly string[] = ['/api/v2/fundSelect/*'];

/**
 * reference/protocol.md: paths the original service answers, where the spec gives only a prefix
 * or nothing; a client written for that service must find them there.
 */
const protocolCalls: readonly Call[] = [
  'GET /api/v4/dayKV2/:code',
  'GET /api/v2/k/subscribeShare',
  ...under('GET /api/v3/details/', [
    'pepb',
    'stockBaseInfo',
    'stockIntro',
    'industryCompareDetail',
    'finreportQuick',
  ]),
  'POST /api/v3/details/vipData',
  'GET /api/v2/eventReminder/list',
  'GET /api/v4/market/marketSummary',
  'GET /api/v3/market/plateStatPc',
  ...under('GET /api/v4/etf/', ['holdAll/:code', 'linkFund/:code']),
  'GET /api/v4/index/swMap/all/:code',
  'GET /api/v2/capital/realTime',
  'POST /api/v2/capital/realTime',
  'POST /api/v2/select/select',
  'GET /api/v2/userSelectStrategy/info/:id',
  'GET /api/v3/stockP/stockStrategysDetail',
  'GET /api/v2/quarter/depthData',
  ...under('GET /api/v2/news/', ['list', 'jh/list', 'jh/get']),
];

/**
 * Endpoints that are ours: neither the spec nor the protocol reference names them or a prefix
 * they could live under. Each says why it exists; a new one joins here with its reason, a spec
 * call never does (it goes to the spec's path).
 */
const ours: Readonly<Record<string, string>> = {
  'GET /api/v2/about/info': 'spec 2 §2.2 names the /about page, not the call that fills it',
  'GET /api/v2/about/releases': 'spec 2 §2.2 names the /version page, not the call that fills it',
  'POST /api/v2/user/logout':
    'ends the session on the server, not only in the client; §7.3 names no logout call',
  'POST /api/v2/system/errorReport':
    'spec 1 §7 "Client error report": its payload is given, its path "not shown"',
  'POST /api/v2/system/event': 'spec 1 §7 "event tracking": its payload is given, its path "not shown"',
  'POST /api/v2/broker/homeLogin':
    'spec 1 §7 "broker home login notification": path "not shown"; §7.3 gives /api/v2/sec/* for ' +
    'the account-opening pages without naming their calls',
  'POST /api/v2/broker/openAccount/init':
    'spec 1 §7 "broker account-opening initialization": path "not shown" (as homeLogin)',
  'GET /api/v2/index/constituents':
    "the index page's constituent list; §7.3 gives only /api/v4/index/*/{code} without names",
  'GET /api/v2/market/northSummary':
    '§7.3 puts "north-bound and south-bound" under /api/v3/appMarket/* without naming a call',
  'GET /api/v2/market/southSummary': 'as northSummary',
  'GET /api/v2/pricePush/messageList':
    'spec 2 §2.2 names the /messageBox page and issue 16 its fired alerts; §7.3 names no call for it',
  'GET /api/v2/pricePush/unreadCount': "the 我的 page's unread badge (issue 16 item 8); no call named",
  'POST /api/v2/pricePush/readMessages': 'marking message-box entries read (issue 16 item 8); no call named',
  'GET /api/v2/user/pushSettings':
    'reads what POST /api/v2/user/pushSet writes, for /notificationSetting; §7.3 names only the write',
  'POST /api/v2/opt/imgUpload':
    'imgToStocks is a GET (§7.3), so the screenshot it reads is uploaded first; its path is not given',
  'POST /api/v2/opt/textToStocks':
    'issue 16 item 5: the paste import beside imgToStocks; §7.3 names no call for it',
  'POST /api/v2/opt/holding/:code':
    'issue 16 item 1: the holding (shares, cost) of a watchlist item; §7.3 names no call for it',
  'GET /api/v2/member/status':
    'the membership level, expiry and trial state for /app_userPage and /receiveVip; no call named',
  'GET /api/v2/order/info':
    '/paySuccess waits for one order to be paid and /priceDetail shows it; §7.3 names only order/list',
};

interface Parsed {
  method: HttpMethod | null;
  path: string;
  /** The path as a pattern: `:name` matches any parameter, `*` one or more segments. */
  pattern: RegExp;
  concrete: boolean;
  /** The last segment that is not a parameter: the call's name (`searchV4`, `holdAll`). */
  name: string;
  /** The segment before the name (`capital` in /api/v2/capital/searchV4). */
  parent: string;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}

function parse(call: Call): Parsed {
  const [first, second] = call.split(' ');
  const method = second === undefined ? null : (first as HttpMethod);
  const path = second ?? first ?? '';
  const source = path
    .split('/')
    .map((segment) =>
      segment === '*' ? '.+' : segment.startsWith(':') ? ':[A-Za-z]+' : escapeRegExp(segment),
    )
    .join('/');
  const named = path.split('/').filter((segment) => segment !== '' && !segment.startsWith(':'));
  return {
    method,
    path,
    pattern: new RegExp(`^${source}$`),
    concrete: !path.includes('*'),
    name: named.at(-1) ?? '',
    parent: named.at(-2) ?? '',
  };
}

const known = [...specCalls, ...protocolCalls].map(parse);
const concrete = known.filter((call) => call.concrete);

function namedOnly(served: Parsed): boolean {
  return (
    namedWithoutPath.includes(served.name) || namedWithoutPath.includes(`${served.parent}/${served.name}`)
  );
}

function describeEndpoint(endpoint: Endpoint): string {
  return `${endpoint.group}.${endpoint.name} (${endpoint.method} ${endpoint.path})`;
}

/**
 * The spec's paths for the call an endpoint serves, judged by its name: a name the documents give
 * once (`searchV4`) stands for that call wherever it is served; a name they give more than once
 * (`list`, `search`) only together with the segment before it (`hk/search`).
 */
function specPathsFor(served: Parsed): string[] {
  const sameName = concrete.filter((call) => call.name === served.name);
  const distinct = new Set(sameName.map((call) => call.parent)).size === 1;
  const meant = distinct ? sameName : sameName.filter((call) => call.parent === served.parent);
  return [...new Set(meant.map((call) => call.path))];
}

describe('spec 2 §7.3 paths', () => {
  it('serve every call the spec names at the spec path, with the spec method', () => {
    const misplaced: string[] = [];
    for (const endpoint of allEndpoints) {
      const atPath = concrete.filter((call) => call.pattern.test(endpoint.path));
      if (atPath.length > 0) {
        const methods = atPath.map((call) => call.method);
        if (!methods.includes(null) && !methods.includes(endpoint.method))
          misplaced.push(`${describeEndpoint(endpoint)} is ${methods.join(' or ')} in the spec`);
        continue;
      }
      if (variantPrefixes.some((prefix) => parse(prefix).pattern.test(endpoint.path))) continue;
      // A call the documents name, served elsewhere (even under another prefix they give).
      const spec = specPathsFor(parse(`${endpoint.method} ${endpoint.path}`));
      if (spec.length > 0) misplaced.push(`${describeEndpoint(endpoint)} belongs at ${spec.join(' or ')}`);
    }
    expect(misplaced).toEqual([]);
  });

  it('know every other endpoint as ours, with the reason', () => {
    const unknown = allEndpoints.filter((endpoint) => {
      const served = parse(`${endpoint.method} ${endpoint.path}`);
      return (
        !known.some((call) => call.pattern.test(endpoint.path)) &&
        !namedOnly(served) &&
        !(`${endpoint.method} ${endpoint.path}` in ours)
      );
    });
    expect(unknown.map(describeEndpoint)).toEqual([]);
  });

  it('list as ours only endpoints that are served and that no document names', () => {
    for (const call of Object.keys(ours)) {
      const parsed = parse(call);
      const { method, path } = parsed;
      expect(
        allEndpoints.some((endpoint) => endpoint.method === method && endpoint.path === path),
        `${call} is served`,
      ).toBe(true);
      expect(
        known.some((known) => known.pattern.test(path)),
        `${call} is in no document`,
      ).toBe(false);
      expect(namedOnly(parsed), `${call} is named by the spec`).toBe(false);
    }
  });

  it('read the spec as written: lists expand into paths, parameters and prefixes match', () => {
    const matches = (path: string) =>
      known.filter((call) => call.pattern.test(path)).map((call) => call.path);
    expect(matches('/api/v2/opt/listOptV3')).toEqual(['/api/v2/opt/listOptV3']);
    expect(matches('/api/v2/opt/remark/:code')).toEqual(['/api/v2/opt/remark/:code']);
    expect(matches('/api/v4/etf/holdAll/:code')).toContain('/api/v4/etf/*/:code');
    expect(matches('/api/v4/etf/holdAll')).toEqual([]);
    expect(matches('/api/v2/fund/baseInfo')).toEqual(['/api/v2/fund/*']);
    expect(matches('/api/v2/fundX/baseInfo')).toEqual([]);
    expect(specPathsFor(parse('/api/v4/capital/searchV4'))).toEqual(['/api/v2/capital/searchV4']);
    expect(specPathsFor(parse('/api/v2/hk/search'))).toEqual(['/api/v2/capital/hk/search']);
    expect(specPathsFor(parse('/api/v2/eventReminder/list'))).toEqual(['/api/v2/eventReminder/list']);
    expect(specPathsFor(parse('/api/v2/rank/list'))).toEqual([]);
    expect(specPathsFor(parse('/api/v3/market/searchV4'))).toEqual(['/api/v2/capital/searchV4']);
    expect(namedOnly(parse('/api/v2/optSort/getHk'))).toBe(true);
    expect(namedOnly(parse('/api/v2/optSort/list'))).toBe(false);
  });
});
