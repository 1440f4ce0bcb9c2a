import { DEFAULT_GROUP_NAME, WATCHLIST_GROUP_LIMIT, WATCHLIST_ITEM_LIMIT } from '@zhicai/contract';

/**
 * The reference model of one user's watchlist for the model-based test: the rules of the contract
 * (watchlist.ts) on plain lists, with none of the server's SQL, positions or locks. Orders are
 * lists; a pin is the sequence number of the pin, the latest on top.
 */
export interface ModelGroup {
  id: number;
  name: string;
  kind: 'default' | 'user';
  /** Codes in place order (pins aside). */
  codes: string[];
  pins: Map<string, number>;
}

export interface ModelState {
  groups: ModelGroup[];
  remarks: Map<string, string>;
  pinSeq: number;
}

/**
 * What a call answers: its catalogue code. `unanswerable` is the model's when a call would succeed
 * where the server refused it (addOptGroup without the id a success would have given).
 */
export type Outcome = '000' | '037' | '404' | 'unanswerable';

export function emptyModel(defaultId: number): ModelState {
  return {
    groups: [{ id: defaultId, name: DEFAULT_GROUP_NAME, kind: 'default', codes: [], pins: new Map() }],
    remarks: new Map(),
    pinSeq: 0,
  };
}

export function cloneModel(state: ModelState): ModelState {
  return {
    groups: state.groups.map((group) => ({ ...group, codes: [...group.codes], pins: new Map(group.pins) })),
    remarks: new Map(state.remarks),
    pinSeq: state.pinSeq,
  };
}

class Refused extends Error {
  constructor(readonly outcome: Outcome) {
    super(outcome);
  }
}

function find(state: ModelState, id: number | undefined): ModelGroup {
  const group = id === undefined ? state.groups[0] : state.groups.find((candidate) => candidate.id === id);
  if (!group) throw new Refused('404');
  return group;
}

const defaultOf = (state: ModelState) => state.groups[0] as ModelGroup;

function add(state: ModelState, codes: readonly string[], targets: readonly ModelGroup[]): void {
  const wanted = new Set<ModelGroup>();
  for (const target of targets) {
    wanted.add(target);
    if (target.kind === 'user') wanted.add(defaultOf(state));
  }
  const plans = [...wanted].map((group) => {
    const fresh = codes.filter((code) => !group.codes.includes(code));
    if (group.codes.length + fresh.length > WATCHLIST_ITEM_LIMIT) throw new Refused('037');
    return { group, fresh };
  });
  for (const code of codes) if (!state.remarks.has(code)) state.remarks.set(code, '');
  for (const { group, fresh } of plans) group.codes.unshift(...fresh);
}

function remove(group: ModelGroup, codes: readonly string[]): void {
  group.codes = group.codes.filter((code) => !codes.includes(code));
  for (const code of codes) group.pins.delete(code);
}

function forgetOrphans(state: ModelState): void {
  for (const code of [...state.remarks.keys()])
    if (!state.groups.some((group) => group.codes.includes(code))) state.remarks.delete(code);
}

function unfollow(state: ModelState, codes: readonly string[]): void {
  for (const group of state.groups) remove(group, codes);
  forgetOrphans(state);
}

/** The listed entries take the places the listed entries hold, in the listed order. */
function merge<T>(current: readonly T[], wanted: readonly T[]): T[] {
  const listed = [...new Set(wanted)].filter((entry) => current.includes(entry));
  const slots = current.flatMap((entry, index) => (listed.includes(entry) ? [index] : []));
  const result = [...current];
  listed.forEach((entry, index) => {
    result[slots[index] as number] = entry;
  });
  return result;
}

export type Command =
  | { op: 'addOpt'; codes: string[]; groupIds?: number[] }
  | { op: 'delOptional'; code: string }
  | { op: 'batchDelOpt'; groupId?: number; codes: string[] }
  | { op: 'addOptGroup'; name: string }
  | { op: 'renameOptGroup'; groupId: number; name: string }
  | { op: 'delOptGroup'; groupId: number }
  | { op: 'moveOpt'; codes: string[]; fromGroupId: number; toGroupId: number }
  | { op: 'setTop'; code: string; groupId?: number; top: boolean }
  | { op: 'sortOpt'; groupId: number; codes: string[] }
  | { op: 'sortOptGroup'; groupIds: number[] }
  | { op: 'remark'; code: string; remark: string }
  | { op: 'changeOpt'; code: string; groupIds: number[] };

/**
 * Applies a command to the model (in place) and says what the server must answer. `newGroupId` is
 * the id the server gave a group addOptGroup made (ids are the server's to choose).
 */
export function apply(state: ModelState, command: Command, newGroupId?: number): Outcome {
  const before = cloneModel(state);
  try {
    run(state, command, newGroupId);
    return '000';
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    // A refused call changes nothing.
    Object.assign(state, before);
    return error.outcome;
  }
}

function run(state: ModelState, command: Command, newGroupId: number | undefined): void {
  switch (command.op) {
    case 'addOpt': {
      const targets =
        command.groupIds && command.groupIds.length > 0
          ? command.groupIds.map((id) => find(state, id))
          : [defaultOf(state)];
      add(state, command.codes, targets);
      return;
    }
    case 'delOptional':
      unfollow(state, [command.code]);
      return;
    case 'batchDelOpt': {
      const group = find(state, command.groupId);
      if (group.kind === 'default') unfollow(state, command.codes);
      else {
        remove(group, command.codes);
        forgetOrphans(state);
      }
      return;
    }
    case 'addOptGroup': {
      const own = state.groups.filter((group) => group.kind !== 'default');
      if (own.length >= WATCHLIST_GROUP_LIMIT) throw new Refused('037');
      if (command.name === DEFAULT_GROUP_NAME || own.some((group) => group.name === command.name))
        throw new Refused('037');
      if (newGroupId === undefined) throw new Refused('unanswerable');
      state.groups.push({ id: newGroupId, name: command.name, kind: 'user', codes: [], pins: new Map() });
      return;
    }
    case 'renameOptGroup': {
      const group = find(state, command.groupId);
      if (group.kind === 'default') throw new Refused('037');
      if (
        command.name === DEFAULT_GROUP_NAME ||
        state.groups.some(
          (other) => other !== group && other.kind === group.kind && other.name === command.name,
        )
      )
        throw new Refused('037');
      group.name = command.name;
      return;
    }
    case 'delOptGroup': {
      const group = find(state, command.groupId);
      if (group.kind === 'default') throw new Refused('037');
      state.groups = state.groups.filter((other) => other !== group);
      forgetOrphans(state);
      return;
    }
    case 'moveOpt': {
      const from = find(state, command.fromGroupId);
      const to = find(state, command.toGroupId);
      const moving = command.codes.filter((code) => from.codes.includes(code));
      if (moving.length === 0 || from === to) return;
      add(state, moving, [to]);
      if (from.kind !== 'default') remove(from, moving);
      return;
    }
    case 'setTop': {
      const group = find(state, command.groupId);
      if (!group.codes.includes(command.code)) throw new Refused('404');
      if (command.top) {
        state.pinSeq += 1;
        group.pins.set(command.code, state.pinSeq);
      } else group.pins.delete(command.code);
      return;
    }
    case 'sortOpt': {
      const group = find(state, command.groupId);
      group.codes = merge(group.codes, command.codes);
      return;
    }
    case 'sortOptGroup': {
      const users = state.groups.filter((group) => group.kind === 'user');
      for (const id of command.groupIds)
        if (!users.some((group) => group.id === id)) throw new Refused('404');
      const order = merge(
        users.map((group) => group.id),
        command.groupIds,
      );
      state.groups = [
        defaultOf(state),
        ...order.map((id) => users.find((group) => group.id === id) as ModelGroup),
      ];
      return;
    }
    case 'remark': {
      if (!state.remarks.has(command.code)) throw new Refused('404');
      state.remarks.set(command.code, command.remark);
      return;
    }
    case 'changeOpt': {
      const targets = command.groupIds
        .map((id) => find(state, id))
        .filter((group) => group.kind !== 'default');
      for (const group of state.groups)
        if (group.kind !== 'default' && !targets.includes(group)) remove(group, [command.code]);
      add(state, [command.code], [defaultOf(state), ...targets]);
      return;
    }
  }
}

/** What the lists show: groups in order with their items in display order (pins first). */
export interface Observed {
  groups: { name: string; kind: string; items: { code: string; pinned: boolean; remark: string }[] }[];
}

export function observe(state: ModelState): Observed {
  return {
    groups: state.groups.map((group) => {
      const pinned = [...group.pins.entries()].sort((a, b) => b[1] - a[1]).map(([code]) => code);
      const rest = group.codes.filter((code) => !group.pins.has(code));
      return {
        name: group.name,
        kind: group.kind,
        items: [...pinned, ...rest].map((code) => ({
          code,
          pinned: group.pins.has(code),
          remark: state.remarks.get(code) ?? '',
        })),
      };
    }),
  };
}
