import { api } from '@zhicai/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callSettled } from '../../test/call.ts';
import { FRIDAY_SESSION } from '../../test/market-session.ts';
import { signInUser, startSession } from '../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import {
  apply,
  type Command,
  cloneModel,
  emptyModel,
  type ModelState,
  type Observed,
  type Outcome,
  observe,
} from './watchlist-model.ts';

/**
 * Issue 16 item 10: random sequences of watchlist calls from two devices of one user against the
 * reference model (watchlist-model.ts). Calls run one after the other, or two at once (one from
 * each device); a pair at once must end as one of its two orders would, and every answer must be
 * the model's. Runs on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

const w = api.watchlist;
const codes = ['600519.SH', '000858.SZ', '00700.HK', '000001.SZ', '510300.SH', '005827.OF'];
const names = ['白酒', '科技', '港股', '长线', '全部'];
/** A group id no one has. */
const NO_GROUP = 2_000_000_000;

/** A command as generated: groups named by their index among the user's groups at run time. */
type Draft =
  | { op: 'addOpt'; codes: string[]; groups: number[] }
  | { op: 'delOptional'; code: string }
  | { op: 'batchDelOpt'; group: number | null; codes: string[] }
  | { op: 'addOptGroup'; name: string }
  | { op: 'renameOptGroup'; group: number; name: string }
  | { op: 'delOptGroup'; group: number }
  | { op: 'moveOpt'; codes: string[]; from: number; to: number }
  | { op: 'setTop'; code: string; group: number | null; top: boolean }
  | { op: 'sortOpt'; group: number; codes: string[] }
  | { op: 'sortOptGroup'; groups: number[] }
  | { op: 'remark'; code: string; remark: string }
  | { op: 'changeOpt'; code: string; groups: number[] };

const code = fc.constantFrom(...codes);
const someCodes = fc.uniqueArray(code, { minLength: 1, maxLength: 4 });
// Index 0 is 全部; an index past the user's groups stands for a group that does not exist.
const group = fc.integer({ min: 0, max: 5 });
const draft: fc.Arbitrary<Draft> = fc.oneof(
  {
    arbitrary: fc.record({
      op: fc.constant('addOpt' as const),
      codes: someCodes,
      groups: fc.uniqueArray(group, { maxLength: 2 }),
    }),
    weight: 4,
  },
  fc.record({ op: fc.constant('delOptional' as const), code }),
  fc.record({ op: fc.constant('batchDelOpt' as const), group: fc.option(group), codes: someCodes }),
  {
    arbitrary: fc.record({ op: fc.constant('addOptGroup' as const), name: fc.constantFrom(...names) }),
    weight: 2,
  },
  fc.record({ op: fc.constant('renameOptGroup' as const), group, name: fc.constantFrom(...names) }),
  fc.record({ op: fc.constant('delOptGroup' as const), group }),
  {
    arbitrary: fc.record({ op: fc.constant('moveOpt' as const), codes: someCodes, from: group, to: group }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      op: fc.constant('setTop' as const),
      code,
      group: fc.option(group),
      top: fc.boolean(),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({ op: fc.constant('sortOpt' as const), group, codes: fc.shuffledSubarray(codes) }),
    weight: 2,
  },
  fc.record({
    op: fc.constant('sortOptGroup' as const),
    groups: fc.uniqueArray(fc.integer({ min: 1, max: 5 }), { maxLength: 5 }),
  }),
  fc.record({ op: fc.constant('remark' as const), code, remark: fc.constantFrom('', '等回调', '长期持有') }),
  fc.record({ op: fc.constant('changeOpt' as const), code, groups: fc.uniqueArray(group, { maxLength: 3 }) }),
);
/** A step: one call from a device, or two calls at once, one from each device. */
const step = fc.oneof(
  { arbitrary: fc.record({ device: fc.constantFrom(0, 1), drafts: fc.tuple(draft) }), weight: 3 },
  fc.record({ device: fc.constant(0), drafts: fc.tuple(draft, draft) }),
);

function resolve(state: ModelState, draft: Draft): Command {
  const id = (index: number) => state.groups[index]?.id ?? NO_GROUP;
  switch (draft.op) {
    case 'addOpt':
      return { op: 'addOpt', codes: draft.codes, groupIds: draft.groups.map(id) };
    case 'batchDelOpt':
      return draft.group === null
        ? { op: 'batchDelOpt', codes: draft.codes }
        : { op: 'batchDelOpt', groupId: id(draft.group), codes: draft.codes };
    case 'renameOptGroup':
      return { op: 'renameOptGroup', groupId: id(draft.group), name: draft.name };
    case 'delOptGroup':
      return { op: 'delOptGroup', groupId: id(draft.group) };
    case 'moveOpt':
      return { op: 'moveOpt', codes: draft.codes, fromGroupId: id(draft.from), toGroupId: id(draft.to) };
    case 'setTop':
      return draft.group === null
        ? { op: 'setTop', code: draft.code, top: draft.top }
        : { op: 'setTop', code: draft.code, groupId: id(draft.group), top: draft.top };
    case 'sortOpt':
      return { op: 'sortOpt', groupId: id(draft.group), codes: draft.codes };
    case 'sortOptGroup':
      return { op: 'sortOptGroup', groupIds: draft.groups.map(id) };
    case 'changeOpt':
      return { op: 'changeOpt', code: draft.code, groupIds: draft.groups.map(id) };
    default:
      return draft;
  }
}

let context: TestContext;
let tick = 0;
beforeAll(async () => {
  // Every reading of the clock is a millisecond later, so pins made one after the other never tie.
  context = await createTestApp({
    market: true,
    apiLock: false,
    clock: () => {
      tick += 1;
      return new Date(Date.parse('2026-11-20T02:30:00Z') + tick);
    },
    marketClock: () => new Date(FRIDAY_SESSION),
  });
}, 180_000);
afterAll(async () => {
  await context?.close();
});

/** Sends a command; answers its code and, for a new group, the id the server gave it. */
async function send(token: string, command: Command): Promise<{ code: string; groupId?: number }> {
  const options = { token };
  const settle = async () => {
    switch (command.op) {
      case 'addOpt':
        return callSettled(
          context,
          w.addOpt,
          {
            query: {
              codes: command.codes.join(','),
              ...(command.groupIds?.length ? { groupIds: command.groupIds.join(',') } : {}),
            },
          },
          options,
        );
      case 'delOptional':
        return callSettled(context, w.delOptional, { query: { code: command.code } }, options);
      case 'batchDelOpt':
        return callSettled(
          context,
          w.batchDelOpt,
          {
            query: command.groupId === undefined ? {} : { groupId: command.groupId },
            body: { codes: command.codes },
          },
          options,
        );
      case 'addOptGroup':
        return callSettled(context, w.addOptGroup, { query: { name: command.name } }, options);
      case 'renameOptGroup':
        return callSettled(
          context,
          w.renameOptGroup,
          { query: { groupId: command.groupId, name: command.name } },
          options,
        );
      case 'delOptGroup':
        return callSettled(context, w.delOptGroup, { query: { groupId: command.groupId } }, options);
      case 'moveOpt':
        return callSettled(
          context,
          w.moveOpt,
          {
            query: {
              codes: command.codes.join(','),
              fromGroupId: command.fromGroupId,
              toGroupId: command.toGroupId,
            },
          },
          options,
        );
      case 'setTop':
        return callSettled(
          context,
          w.setTop,
          {
            query: {
              code: command.code,
              top: command.top ? 'true' : 'false',
              ...(command.groupId === undefined ? {} : { groupId: command.groupId }),
            },
          },
          options,
        );
      case 'sortOpt':
        return callSettled(
          context,
          w.sortOpt,
          { query: { groupId: command.groupId }, body: { codes: command.codes } },
          options,
        );
      case 'sortOptGroup':
        return callSettled(context, w.sortOptGroup, { body: { groupIds: command.groupIds } }, options);
      case 'remark':
        return callSettled(
          context,
          w.remark,
          { params: { code: command.code }, body: { remark: command.remark } },
          options,
        );
      case 'changeOpt':
        return callSettled(
          context,
          w.changeOpt,
          { query: { code: command.code, groupIds: command.groupIds.join(',') } },
          options,
        );
    }
  };
  const answer = await settle();
  const groupId = answer.ok && command.op === 'addOptGroup' ? (answer.datas as { id: number }).id : undefined;
  return groupId === undefined ? { code: answer.code } : { code: answer.code, groupId };
}

async function observed(token: string): Promise<Observed> {
  const groups = await callSettled(context, w.optGroupList, {}, { token });
  if (!groups.ok) throw new Error(`optGroupList answered ${groups.code}`);
  return {
    groups: await Promise.all(
      groups.datas.map(async (group) => {
        const list = await callSettled(context, w.listOptV4, { query: { groupId: group.id } }, { token });
        if (!list.ok) throw new Error(`listOptV4 answered ${list.code}`);
        return {
          name: group.name,
          kind: group.kind,
          items: list.datas.items.map((item) => ({
            code: item.code,
            pinned: item.pinned,
            remark: item.remark,
          })),
        };
      }),
    ),
  };
}

let users = 0;
async function twoDevices(): Promise<{ tokens: [string, string]; defaultId: number }> {
  users += 1;
  const { token: phone, userId } = await signInUser(context, `model-${users}`, 'android');
  const desktop = await startSession(context, userId, 'other');
  const groups = await callSettled(context, w.optGroupList, {}, { token: phone });
  if (!groups.ok) throw new Error('no groups');
  return { tokens: [phone, desktop], defaultId: groups.datas[0]?.id as number };
}

describe('watchlist against its model (two devices of one user)', () => {
  it('answers and ends as the model does, with calls one after the other or two at once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const { tokens, defaultId } = await twoDevices();
        let model = emptyModel(defaultId);
        for (const { device, drafts } of steps) {
          if (drafts.length === 1) {
            const command = resolve(model, drafts[0]);
            const answer = await send(tokens[device], command);
            const expected: Outcome = apply(model, command, answer.groupId);
            expect(answer.code, JSON.stringify(command)).toBe(expected);
            continue;
          }
          // Two calls at once, one from each device: the server must serialise them.
          const commands = [resolve(model, drafts[0]), resolve(model, drafts[1])] as const;
          const answers = await Promise.all([send(tokens[0], commands[0]), send(tokens[1], commands[1])]);
          const actual = await observed(tokens[0]);
          const orders = [
            [0, 1],
            [1, 0],
          ] as const;
          const outcomes = orders.map((order) => {
            const candidate = cloneModel(model);
            const matches =
              order.every(
                (index) => apply(candidate, commands[index], answers[index].groupId) === answers[index].code,
              ) && JSON.stringify(observe(candidate)) === JSON.stringify(actual);
            return { candidate, matches };
          });
          const match = outcomes.find((outcome) => outcome.matches);
          expect(match, `${JSON.stringify(commands)} → ${JSON.stringify(answers)}`).toBeDefined();
          model = (match as { candidate: ModelState }).candidate;
        }
        expect(await observed(tokens[1])).toEqual(observe(model));
      }),
      { numRuns: 100 },
    );
  }, 300_000);
});
