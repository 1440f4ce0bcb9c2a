import { readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { api, WATCHLIST_ITEM_LIMIT } from '@zhicai/contract';
import { describe, expect, it } from 'vitest';
import { call, callRefused } from '../../test/call.ts';
import { useMarketSession } from '../../test/market-session.ts';
import { signInUser } from '../../test/sign-in.ts';

const session = useMarketSession(undefined, { apiLock: false });
const w = api.watchlist;

let phoneSeq = 0;
async function newUser(): Promise<string> {
  phoneSeq += 1;
  return (await signInUser(session.context, `watch-${phoneSeq}`)).token;
}

/** Gives an instrument of the user's watchlist a remark (等回调) and a holding (100 shares at 1,000). */
async function noteAndHold(token: string, code: string): Promise<void> {
  await call(session.context, w.remark, { params: { code }, body: { remark: '等回调' } }, { token });
  await call(
    session.context,
    w.holding,
    { params: { code }, body: { holding: { shares: 100, cost: 1000 } } },
    { token },
  );
}

describe('the default group 全部', () => {
  it('exists for every user, first, and cannot be renamed or deleted', async () => {
    const token = await newUser();
    const groups = (await call(session.context, w.optGroupList, {}, { token })).datas;
    expect(groups).toEqual([{ id: expect.any(Number), name: '全部', kind: 'default', order: 0, count: 0 }]);
    const id = groups[0]?.id as number;
    const deleted = await callRefused(session.context, w.delOptGroup, { query: { groupId: id } }, { token });
    expect(deleted).toMatchObject({ code: '037', message: '默认分组不能删除' });
    const renamed = await callRefused(
      session.context,
      w.renameOptGroup,
      { query: { groupId: id, name: '我的' } },
      { token },
    );
    expect(renamed).toMatchObject({ code: '037', message: '默认分组不能改名' });
  });

  it('holds what a user group holds; removing from 全部 unfollows everywhere', async () => {
    const token = await newUser();
    const group = (await call(session.context, w.addOptGroup, { query: { name: '白酒' } }, { token })).datas;
    await call(
      session.context,
      w.addOpt,
      { query: { codes: '600519.SH,000858.SZ', groupIds: String(group.id) } },
      { token },
    );
    const isOpt = (await call(session.context, w.isOpt, { query: { code: '600519.SH' } }, { token })).datas;
    expect(isOpt.isOpt).toBe(true);
    expect(isOpt.groupIds).toHaveLength(2);

    await call(
      session.context,
      w.batchDelOpt,
      { query: { groupId: group.id }, body: { codes: ['000858.SZ'] } },
      { token },
    );
    expect((await call(session.context, w.listOptV3, {}, { token })).datas.sort()).toEqual([
      '000858.SZ',
      '600519.SH',
    ]);

    await call(session.context, w.delOptional, { query: { code: '600519.SH' } }, { token });
    const after = (
      await call(
        session.context,
        w.groupIdsMultiCodes,
        { query: { codes: '600519.SH,000858.SZ' } },
        { token },
      )
    ).datas;
    expect(after).toEqual([
      { code: '600519.SH', groupIds: [] },
      { code: '000858.SZ', groupIds: [expect.any(Number)] },
    ]);
  });

  it('answers isOpt false to a visitor, and 004 to a visitor who writes', async () => {
    const answer = await call(session.context, w.isOpt, { query: { code: '600519.SH' } });
    expect(answer.datas).toEqual({ code: '600519.SH', isOpt: false, groupIds: [] });
    expect((await callRefused(session.context, w.addOptional, { query: { code: '600519.SH' } })).code).toBe(
      '004',
    );
  });
});

describe('items: order, pins, remarks and holdings', () => {
  it('puts new items on top, pinned ones first, and reorders by positions without losing any', async () => {
    const token = await newUser();
    for (const code of ['600519.SH', '000858.SZ', '00700.HK']) {
      await call(session.context, w.addOptional, { query: { code } }, { token });
    }
    const codes = async () =>
      (await call(session.context, w.listOptV4, {}, { token })).datas.items.map((item) => item.code);
    expect(await codes()).toEqual(['00700.HK', '000858.SZ', '600519.SH']);

    await call(session.context, w.setTop, { query: { code: '600519.SH' } }, { token });
    expect(await codes()).toEqual(['600519.SH', '00700.HK', '000858.SZ']);

    // A reorder sent by a device that has not seen 000001.SZ yet: that item keeps its place.
    await call(session.context, w.addOptional, { query: { code: '000001.SZ' } }, { token });
    await call(session.context, w.sortOptional, { body: { codes: ['000858.SZ', '00700.HK'] } }, { token });
    expect(await codes()).toEqual(['600519.SH', '000001.SZ', '000858.SZ', '00700.HK']);

    await call(session.context, w.setTop, { query: { code: '600519.SH', top: 'false' } }, { token });
    expect((await codes()).slice(0, 1)).toEqual(['000001.SZ']);
  });

  it('keeps remark, date added and holding per instrument, the same in every group', async () => {
    const token = await newUser();
    const group = (await call(session.context, w.addOptGroup, { query: { name: '长线' } }, { token })).datas;
    await call(
      session.context,
      w.addOptional,
      { query: { code: '600519.SH', groupIds: String(group.id) } },
      { token },
    );
    await noteAndHold(token, '600519.SH');
    const inGroup = (await call(session.context, w.listOptV4, { query: { groupId: group.id } }, { token }))
      .datas;
    expect(inGroup.items[0]).toMatchObject({ remark: '等回调', holding: { shares: 100, cost: 1000 } });
    const begin = (await call(session.context, w.queryBeginDate, { query: { code: '600519.SH' } }, { token }))
      .datas;
    expect(begin.addedPrice).toBe(session.context.market.engine.quote('600519.SH')?.price);
    const notFollowed = await callRefused(
      session.context,
      w.remark,
      { params: { code: '000001.SZ' }, body: { remark: 'x' } },
      { token },
    );
    expect(notFollowed.code).toBe('404');
  });
});

describe('the live list (listOptionalV4Items)', () => {
  it('shows live figures, period changes and P&L, sorted on the server with pins first', async () => {
    const token = await newUser();
    await call(
      session.context,
      w.addOpt,
      { query: { codes: '600519.SH,000858.SZ,00700.HK,000300.SH,005827.OF' } },
      { token },
    );
    await call(
      session.context,
      w.holding,
      { params: { code: '000858.SZ' }, body: { holding: { shares: 200, cost: 100 } } },
      { token },
    );
    await call(session.context, w.setTop, { query: { code: '000300.SH' } }, { token });
    const list = (
      await call(
        session.context,
        w.listOptionalV4Items,
        { query: { column: 'chgPct', subColumn: 'desc' }, body: {} },
        { token },
      )
    ).datas;
    expect(list.items.map((row) => row.code)[0]).toBe('000300.SH');
    const rest = list.items.slice(1).filter((row) => row.chgPct !== null);
    for (let index = 1; index < rest.length; index += 1)
      expect((rest[index - 1]?.chgPct as number) >= (rest[index]?.chgPct as number)).toBe(true);

    const moutai = list.items.find((row) => row.code === '600519.SH');
    const quote = session.context.market.engine.quote('600519.SH');
    expect(moutai).toMatchObject({
      price: quote?.price,
      chgPct: quote?.chgPct,
      amount: quote?.amount,
      pe: quote?.pe,
    });
    expect(moutai?.chg5d).not.toBeNull();
    expect(moutai?.chg60d).not.toBeNull();
    expect(moutai?.chgYtd).not.toBeNull();
    expect(moutai?.sinceAdded).toBe(0);

    const wuliangye = list.items.find((row) => row.code === '000858.SZ');
    const price = session.context.market.engine.quote('000858.SZ')?.price as number;
    expect(wuliangye?.holdingProfit).toBeCloseTo((price - 100) * 200, 2);

    const hk = (
      await call(session.context, w.listOptionalV4Items, { query: {}, body: { market: 'hk' } }, { token })
    ).datas;
    expect(hk.items.map((row) => row.code)).toEqual(['00700.HK']);
  });

  it('averages a group’s change for the header (avgChg)', async () => {
    const token = await newUser();
    await call(session.context, w.addOpt, { query: { codes: '600519.SH,000858.SZ' } }, { token });
    const avg = (
      await call(session.context, w.avgChg, { query: { subColumn: 'chgPct' }, body: {} }, { token })
    ).datas;
    const changes = ['600519.SH', '000858.SZ'].map(
      (code) => session.context.market.engine.quote(code)?.chgPct as number,
    );
    expect(avg.avgChg).toBeCloseTo(((changes[0] as number) + (changes[1] as number)) / 2, 6);
    expect(avg.count).toBe(2);
  });

  it('answers from its cache until the watchlist changes', async () => {
    const token = await newUser();
    await call(session.context, w.addOptional, { query: { code: '600519.SH' } }, { token });
    const first = await call(session.context, w.listOptionalV4Items, { query: {}, body: {} }, { token });
    await call(session.context, w.addOptional, { query: { code: '000858.SZ' } }, { token });
    const second = await call(session.context, w.listOptionalV4Items, { query: {}, body: {} }, { token });
    expect(first.datas.items).toHaveLength(1);
    expect(second.datas.items.map((row) => row.code)).toEqual(['000858.SZ', '600519.SH']);
  });

  it('sends the same list compressed in the encoding the client prefers', async () => {
    const token = await newUser();
    await call(session.context, w.addOpt, { query: { codes: '600519.SH,000858.SZ,00700.HK' } }, { token });
    const list = (acceptEncoding: string | undefined) =>
      session.context.app.inject({
        method: 'POST',
        url: '/api/v2/opt/listOptionalV4Items?column=chgPct&subColumn=desc',
        headers: {
          token,
          'content-type': 'application/json',
          ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
        },
        payload: '{}',
      });
    const plain = await list(undefined);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body).datas.items).toHaveLength(3);
    const browser = await list('gzip, deflate, br');
    expect(browser.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(browser.rawPayload).toString()).toBe(plain.body);
    const okhttp = await list('gzip');
    expect(okhttp.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(okhttp.rawPayload).toString()).toBe(plain.body);
  });

  it('shows a remark, a pin and a holding in the very next answer', async () => {
    const token = await newUser();
    await call(session.context, w.addOpt, { query: { codes: '600519.SH,000858.SZ' } }, { token });
    const rows = async () =>
      (await call(session.context, w.listOptionalV4Items, { query: {}, body: {} }, { token })).datas.items;
    expect((await rows()).map((row) => row.code)).toEqual(['600519.SH', '000858.SZ']);

    await call(session.context, w.setTop, { query: { code: '000858.SZ' } }, { token });
    await noteAndHold(token, '600519.SH');
    const after = await rows();
    expect(after.map((row) => [row.code, row.pinned])).toEqual([
      ['000858.SZ', true],
      ['600519.SH', false],
    ]);
    const price = session.context.market.engine.quote('600519.SH')?.price as number;
    expect(after[1]).toMatchObject({ remark: '等回调', holding: { shares: 100, cost: 1000 } });
    expect(after[1]?.holdingProfit).toBeCloseTo((price - 1000) * 100, 2);
  });

  it('answers with the new quotes after a tick, figure for figure what the uncached lists give', async () => {
    const token = await newUser();
    const codes = ['600519.SH', '000858.SZ', '000001.SZ', '00700.HK', '000300.SH', '005827.OF'];
    await call(session.context, w.addOpt, { query: { codes: codes.join(',') } }, { token });
    const live = async () =>
      (
        await call(
          session.context,
          w.listOptionalV4Items,
          { query: { column: 'chgPct', subColumn: 'desc' }, body: {} },
          { token },
        )
      ).datas;
    // listOptionalV3Items and avgChg build their rows on every request (no parts kept).
    const uncached = async () =>
      (await call(session.context, w.listOptionalV3Items, { body: {} }, { token })).datas;
    const averageOf = async (subColumn: 'chgPct' | 'chg5d' | 'chgYtd') =>
      (await call(session.context, w.avgChg, { query: { subColumn }, body: {} }, { token })).datas.avgChg;
    const expectSameFigures = async (list: Awaited<ReturnType<typeof live>>) => {
      const byCode = new Map((await uncached()).map((row) => [row.code, row]));
      expect(list.items).toHaveLength(codes.length);
      for (const row of list.items) {
        const plain = byCode.get(row.code);
        expect(row).toMatchObject({
          status: plain?.status,
          stale: plain?.stale,
          price: plain?.price,
          chg: plain?.chg,
          chgPct: plain?.chgPct,
        });
        expect(row.price).toBe(session.context.market.engine.quote(row.code)?.price ?? null);
      }
      for (const column of ['chgPct', 'chg5d', 'chgYtd'] as const) {
        const values = list.items.flatMap((row) => (row[column] === null ? [] : [row[column] as number]));
        const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
        // avgChg rounds to 6 decimals.
        expect(await averageOf(column)).toBeCloseTo(mean, 5);
      }
    };

    const before = await live();
    await expectSameFigures(before);
    const moutaiBefore = session.context.market.engine.quote('600519.SH');
    session.now += 60_000;
    await session.context.market.engine.beat();
    expect(session.context.market.engine.quote('600519.SH')).not.toBe(moutaiBefore);

    const after = await live();
    expect(after.seq).toBeGreaterThan(before.seq);
    expect(after.items.find((row) => row.code === '600519.SH')?.time).toBe(
      session.context.market.engine.quote('600519.SH')?.time,
    );
    await expectSameFigures(after);
  });

  it('answers each user with their own list, though both ask the same question', async () => {
    const alice = await newUser();
    const bob = await newUser();
    await call(session.context, w.addOpt, { query: { codes: '600519.SH,00700.HK' } }, { token: alice });
    await call(session.context, w.addOpt, { query: { codes: '000858.SZ' } }, { token: bob });
    const codesOf = async (token: string) =>
      (
        await call(
          session.context,
          w.listOptionalV4Items,
          { query: { column: 'chgPct', subColumn: 'desc' }, body: {} },
          { token },
        )
      ).datas.items.map((row) => row.code);
    expect((await codesOf(alice)).sort()).toEqual(['00700.HK', '600519.SH']);
    expect(await codesOf(bob)).toEqual(['000858.SZ']);
    await call(session.context, w.delOptional, { query: { code: '00700.HK' } }, { token: alice });
    expect(await codesOf(alice)).toEqual(['600519.SH']);
    expect(await codesOf(bob)).toEqual(['000858.SZ']);
  });
});

describe('limits', () => {
  it('refuses a 31st group and a 501st item with 037 and says why', async () => {
    const token = await newUser();
    for (let index = 1; index <= 30; index += 1)
      await call(session.context, w.addOptGroup, { query: { name: `组${index}` } }, { token });
    const refused = await callRefused(session.context, w.addOptGroup, { query: { name: '组31' } }, { token });
    expect(refused).toMatchObject({ code: '037', message: '最多创建 30 个分组' });

    const codes = session.context.market.directory
      .all()
      .slice(0, WATCHLIST_ITEM_LIMIT + 1)
      .map((instrument) => instrument.code);
    for (let start = 0; start < WATCHLIST_ITEM_LIMIT; start += 100)
      await call(
        session.context,
        w.addOpt,
        { query: { codes: codes.slice(start, start + 100).join(',') } },
        { token },
      );
    const full = await callRefused(
      session.context,
      w.addOptional,
      { query: { code: codes[WATCHLIST_ITEM_LIMIT] as string } },
      { token },
    );
    expect(full).toMatchObject({
      code: '037',
      message: `分组「全部」最多 ${WATCHLIST_ITEM_LIMIT} 只，已有 ${WATCHLIST_ITEM_LIMIT} 只`,
    });
    expect((await call(session.context, w.userOptCount, { body: {} }, { token })).datas.count).toBe(
      WATCHLIST_ITEM_LIMIT,
    );
  }, 60_000);

  it('refuses a duplicate group name and the reserved name 全部', async () => {
    const token = await newUser();
    await call(session.context, w.addOptGroup, { query: { name: '科技' } }, { token });
    for (const name of ['科技', '全部'])
      expect((await callRefused(session.context, w.addOptGroup, { query: { name } }, { token })).code).toBe(
        '037',
      );
  });
});

describe('groups', () => {
  it('moves items between groups, reorders groups and keeps strategy groups apart', async () => {
    const token = await newUser();
    const a = (await call(session.context, w.addOptGroup, { query: { name: 'A' } }, { token })).datas;
    const b = (await call(session.context, w.addOptGroup, { query: { name: 'B' } }, { token })).datas;
    const s = (
      await call(session.context, w.addOptGroup, { query: { name: '策略1', optType: 'strategy' } }, { token })
    ).datas;
    await call(
      session.context,
      w.addOpt,
      { query: { codes: '600519.SH', groupIds: String(a.id) } },
      { token },
    );
    await call(
      session.context,
      w.moveOpt,
      { query: { codes: '600519.SH', fromGroupId: a.id, toGroupId: b.id } },
      { token },
    );
    expect(
      (await call(session.context, w.groupIds, { query: { code: '600519.SH' } }, { token })).datas.groupIds,
    ).not.toContain(a.id);
    await call(session.context, w.sortOptGroup, { body: { groupIds: [b.id, a.id] } }, { token });
    const normal = (await call(session.context, w.optGroupList, {}, { token })).datas;
    expect(normal.map((group) => group.name)).toEqual(['全部', 'B', 'A']);
    expect(normal.map((group) => group.count)).toEqual([1, 1, 0]);
    const strategy = (
      await call(session.context, w.optGroupListV3, { query: { optType: 'strategy' } }, { token })
    ).datas;
    expect(strategy.map((group) => group.id)).toEqual([s.id]);

    // The picker saves one instrument's groups in one call.
    await call(
      session.context,
      w.changeOpt,
      { query: { code: '600519.SH', groupIds: `${a.id}` } },
      { token },
    );
    const picker = (
      await call(session.context, w.optGroupListV2, { query: { code: '600519.SH' } }, { token })
    ).datas;
    expect(picker.map((group) => [group.name, group.contains])).toEqual([
      ['全部', true],
      ['B', false],
      ['A', true],
    ]);
  });
});

describe('settings (optSort)', () => {
  it('answers defaults and keeps each kind apart, completing a partial column list', async () => {
    const token = await newUser();
    const defaults = (await call(session.context, w.sortGet, {}, { token })).datas;
    expect(defaults.columns.every((column) => column.visible)).toBe(true);
    const saved = (
      await call(
        session.context,
        w.sortSetHk,
        {
          body: {
            columns: [
              { key: 'chgPct', visible: true },
              { key: 'price', visible: true },
            ],
          },
        },
        { token },
      )
    ).datas;
    expect(saved.columns.slice(0, 2).map((column) => column.key)).toEqual(['chgPct', 'price']);
    expect(saved.columns).toHaveLength(defaults.columns.length);
    expect((await call(session.context, w.sortGetHk, {}, { token })).datas).toEqual(saved);
    expect((await call(session.context, w.sortGet, {}, { token })).datas).toEqual(defaults);
    const kline = (await call(session.context, w.sortGetKSet, {}, { token })).datas;
    const changed = { ...kline, mainIndicator: 'BOLL' as const, subIndicators: ['KDJ' as const] };
    await call(session.context, w.sortSetKSet, { body: changed }, { token });
    expect((await call(session.context, w.sortGetKSet, {}, { token })).datas).toEqual(changed);
  });
});

describe('imports', () => {
  it('matches pasted codes in every spelling, names and pinyin, and marks what is followed', async () => {
    const token = await newUser();
    await call(session.context, w.addOptional, { query: { code: '600519.SH' } }, { token });
    const text = ['600519', 'SZ000858', '700', '五粮液', 'gzmt', '不存在的股票xyz', '000001'].join('\n');
    const result = (await call(session.context, w.textToStocks, { body: { text } }, { token })).datas;
    expect(result.reader).toBe('text');
    const byText = Object.fromEntries(result.candidates.map((candidate) => [candidate.text, candidate]));
    expect(byText['600519']).toMatchObject({
      status: 'matched',
      followed: true,
      matches: [{ code: '600519.SH' }],
    });
    expect(byText.SZ000858?.matches[0]?.code).toBe('000858.SZ');
    expect(byText['700']?.matches[0]?.code).toBe('00700.HK');
    expect(byText.五粮液).toMatchObject({ status: 'matched', matches: [{ code: '000858.SZ' }] });
    expect(byText.gzmt?.matches[0]?.code).toBe('600519.SH');
    expect(byText.不存在的股票xyz).toMatchObject({ status: 'unmatched', matches: [] });
    // 000001 is 平安银行, a fund (000001.OF) and 上证指数: the user picks, the stock first.
    expect(byText['000001']?.status).toBe('ambiguous');
    expect(byText['000001']?.matches.map((match) => match.code)).toEqual([
      '000001.SZ',
      '000001.OF',
      '000001.SH',
    ]);
  });

  it('reads a screenshot of another app’s watchlist into candidates (Chinese OCR)', async () => {
    const token = await newUser();
    const png = readFileSync(new URL('./fixtures/watchlist-screenshot.png', import.meta.url));
    const image = `data:image/png;base64,${png.toString('base64')}`;
    const { imageId } = (await call(session.context, w.imgUpload, { body: { image } }, { token })).datas;
    const result = (await call(session.context, w.imgToStocks, { query: { imageId } }, { token })).datas;
    expect(result.reader).toBe('ocr');
    const matched = result.candidates.filter((candidate) => candidate.status === 'matched');
    expect(matched.map((candidate) => candidate.matches[0]?.code)).toEqual([
      '600519.SH',
      '000858.SZ',
      '00700.HK',
      '000001.SZ',
    ]);
  }, 60_000);

  it('refuses an upload that is not an image, and an image id of nobody', async () => {
    const token = await newUser();
    const notImage = `data:image/png;base64,${Buffer.from('plain text, not a picture at all, long enough to pass the size check of 64 bytes').toString('base64')}`;
    const uploaded = (await call(session.context, w.imgUpload, { body: { image: notImage } }, { token }))
      .datas;
    const read = await callRefused(
      session.context,
      w.imgToStocks,
      { query: { imageId: uploaded.imageId } },
      { token },
    );
    expect(read).toMatchObject({ code: '037', message: '图片无法读取，请上传 PNG 或 JPEG 截图' });
    const missing = await callRefused(
      session.context,
      w.imgToStocks,
      { query: { imageId: 'nobody' } },
      { token },
    );
    expect(missing.code).toBe('404');
  });
});
