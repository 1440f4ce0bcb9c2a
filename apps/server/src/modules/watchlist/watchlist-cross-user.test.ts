import { api, type Endpoint } from '@zhicai/contract';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { type CallTarget, call, callRefused, callSettled, type RawInput } from '../../test/call.ts';
import { useMarketSession } from '../../test/market-session.ts';
import { signInUser } from '../../test/sign-in.ts';

/**
 * Issue 16 item 12: no object of another user. User B calls every watchlist endpoint that takes a
 * group id, an instrument of a watchlist or an upload with what belongs to user A: each is refused
 * as not found, or answers B's own (empty) watchlist; A's watchlist is the same afterwards.
 */

const session = useMarketSession(undefined, { apiLock: false });
const w = api.watchlist;

/** Fields that name a user's object. An endpoint with one must be in the table below. */
const ownedFields = ['groupId', 'groupIds', 'fromGroupId', 'toGroupId', 'imageId', 'code', 'codes'];

function fieldsOf(endpoint: Endpoint): string[] {
  const shapes = [endpoint.query, endpoint.body, endpoint.params].filter(
    (schema): schema is z.ZodObject => schema !== undefined,
  );
  return shapes.flatMap((schema) => Object.keys(schema.shape));
}

interface Objects {
  groupId: number;
  defaultId: number;
  imageId: string;
  code: string;
}

/** `refused`: 404 for B. `own`: B's own answer, which must not show A's groups. */
type Row = [keyof typeof w, 'refused' | 'own', (a: Objects) => RawInput];

const table: Row[] = [
  ['addOptional', 'refused', (a) => ({ query: { code: '000858.SZ', groupIds: String(a.groupId) } })],
  ['addOpt', 'refused', (a) => ({ query: { codes: '000858.SZ', groupIds: String(a.groupId) } })],
  ['changeOpt', 'refused', (a) => ({ query: { code: a.code, groupIds: String(a.groupId) } })],
  [
    'moveOpt',
    'refused',
    (a) => ({ query: { codes: a.code, fromGroupId: a.groupId, toGroupId: a.defaultId } }),
  ],
  ['setTop', 'refused', (a) => ({ query: { code: a.code, groupId: a.groupId } })],
  ['renameOptGroup', 'refused', (a) => ({ query: { groupId: a.groupId, name: '被改名' } })],
  ['delOptGroup', 'refused', (a) => ({ query: { groupId: a.groupId } })],
  ['optGroupItemNum', 'refused', (a) => ({ query: { groupId: a.groupId } })],
  ['listOptV4', 'refused', (a) => ({ query: { groupId: a.groupId } })],
  ['sortOpt', 'refused', (a) => ({ query: { groupId: a.groupId }, body: { codes: [a.code] } })],
  ['batchDelOpt', 'refused', (a) => ({ query: { groupId: a.groupId }, body: { codes: [a.code] } })],
  ['avgChg', 'refused', (a) => ({ query: { groupId: a.groupId }, body: {} })],
  ['listOptionalV4Items', 'refused', (a) => ({ query: {}, body: { groupId: a.groupId } })],
  ['listOptionalV3Items', 'refused', (a) => ({ body: { groupId: a.groupId } })],
  ['sortOptGroup', 'refused', (a) => ({ body: { groupIds: [a.groupId] } })],
  ['sortOptGroupV2', 'refused', (a) => ({ query: { optType: 'normal' }, body: { groupIds: [a.groupId] } })],
  ['imgToStocks', 'refused', (a) => ({ query: { imageId: a.imageId } })],
  ['reSetAddDate', 'refused', (a) => ({ query: { code: a.code } })],
  ['queryBeginDate', 'refused', (a) => ({ query: { code: a.code } })],
  ['remark', 'refused', (a) => ({ params: { code: a.code }, body: { remark: '别人的备注' } })],
  ['holding', 'refused', (a) => ({ params: { code: a.code }, body: { holding: { shares: 1, cost: 1 } } })],
  ['setTop', 'refused', (a) => ({ query: { code: a.code } })],
  ['isOpt', 'own', (a) => ({ query: { code: a.code } })],
  ['groupIds', 'own', (a) => ({ query: { code: a.code } })],
  ['groupIdsMultiCodes', 'own', (a) => ({ query: { codes: a.code } })],
  ['delOptional', 'own', (a) => ({ query: { code: a.code } })],
  ['batchDelOptional', 'own', (a) => ({ body: { codes: [a.code] } })],
  ['batchDelOpt', 'own', (a) => ({ body: { codes: [a.code] } })],
  ['sortOptional', 'own', (a) => ({ body: { codes: [a.code] } })],
  ['optGroupListV2', 'own', (a) => ({ query: { code: a.code } })],
  ['textToStocks', 'own', (a) => ({ body: { text: a.code } })],
];

/** Every group id an answer carries (fields id, groupId, groupIds, at any depth). */
function groupIdsIn(value: unknown): number[] {
  if (Array.isArray(value)) return value.flatMap(groupIdsIn);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => {
    if ((key === 'id' || key === 'groupId') && typeof item === 'number') return [item];
    if (key === 'groupIds' && Array.isArray(item))
      return item.filter((id): id is number => typeof id === 'number');
    return groupIdsIn(item);
  });
}

async function snapshot(target: CallTarget, token: string) {
  const groups = (await call(target, w.optGroupList, {}, { token })).datas;
  const lists = await Promise.all(
    groups.map(
      async (group) => (await call(target, w.listOptV4, { query: { groupId: group.id } }, { token })).datas,
    ),
  );
  return { groups, lists };
}

describe('another user’s watchlist objects', () => {
  it('lists every endpoint that takes a group, an instrument or an upload in the table', () => {
    const tabled = new Set(table.map(([name]) => name));
    const untabled = Object.values(w)
      .filter((endpoint) => fieldsOf(endpoint).some((field) => ownedFields.includes(field)))
      .map((endpoint) => endpoint.name)
      .filter((name) => !tabled.has(name as keyof typeof w));
    // addOpt, addOptional and changeOpt with B's own codes only touch B; they are tabled with A's group.
    expect(untabled).toEqual([]);
  });

  it('refuses user B every object of user A, or answers B’s own, and leaves A’s watchlist as it was', async () => {
    const context = session.context;
    const a = await signInUser(context, 'owner-a');
    const b = await signInUser(context, 'other-b');
    const group = (await call(context, w.addOptGroup, { query: { name: 'A的分组' } }, { token: a.token }))
      .datas;
    await call(
      context,
      w.addOpt,
      { query: { codes: '600519.SH,00700.HK', groupIds: String(group.id) } },
      { token: a.token },
    );
    await call(
      context,
      w.remark,
      { params: { code: '600519.SH' }, body: { remark: 'A的备注' } },
      { token: a.token },
    );
    const png = `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(80).fill(0)]).toString('base64')}`;
    const { imageId } = (await call(context, w.imgUpload, { body: { image: png } }, { token: a.token }))
      .datas;
    const groups = (await call(context, w.optGroupList, {}, { token: a.token })).datas;
    const objects: Objects = {
      groupId: group.id,
      defaultId: groups[0]?.id as number,
      imageId,
      code: '600519.SH',
    };
    const before = await snapshot(context, a.token);
    const aGroupIds = groups.map((candidate) => candidate.id);

    const leaks: string[] = [];
    for (const [name, expected, input] of table) {
      const endpoint = w[name] as Endpoint;
      if (expected === 'refused') {
        const answer = await callRefused(context, endpoint, input(objects), { token: b.token });
        if (answer.code !== '404') leaks.push(`${name} answered ${answer.code} ${answer.message}`);
      } else {
        // The table's inputs are raw (one table for every endpoint); the answer is still parsed.
        const answer = await callSettled(context, endpoint, input(objects) as never, { token: b.token });
        const text = JSON.stringify(answer.datas);
        if (!answer.ok) leaks.push(`${name} refused B's own call with ${answer.code}`);
        for (const id of groupIdsIn(answer.datas))
          if (aGroupIds.includes(id)) leaks.push(`${name} showed A's group ${id}: ${text}`);
        if (text.includes('A的')) leaks.push(`${name} showed A's text: ${text}`);
      }
    }
    expect(leaks).toEqual([]);
    expect(await snapshot(context, a.token)).toEqual(before);
    // A's upload is still A's to read.
    expect(
      (await callSettled(context, w.imgToStocks, { query: { imageId } }, { token: a.token })).code,
    ).not.toBe('404');
  }, 60_000);
});
