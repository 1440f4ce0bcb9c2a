// `npm run test:crash` (issue 16 item 11), not a benchmark: 20 clients do 10,000 watchlist
// operations against the built server while it is killed with SIGKILL 25 times and restarted on the
// same data folder. After each restart `PRAGMA integrity_check` must say ok and every acknowledged
// write must be there. Prints acknowledged / found / lost; exits 1 when anything is lost, the
// database is damaged or a call answers other than the client's own state says it must.
//
// Clients: 15 users signed in by SMS, and 5 sessions of the demo user side by side (two devices of
// one user writing at once). Each client owns its instruments and groups, so what it acknowledged
// is what must be found; a call cut off by a kill leaves its objects unknown until the next check
// reads them.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { preparedDataDir, removeDir, startServer } from './server.mjs';

const CLIENTS = 20;
const OPERATIONS = 10_000;
const KILLS = 25;
const CODES_PER_CLIENT = 12;
const REQUEST_TIMEOUT_MS = 10_000;

/** A small seeded generator (mulberry32), so a failing run can be repeated with CRASH_SEED. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const seed = Number(process.env.CRASH_SEED ?? Date.now() % 1_000_000);
const rand = random(seed);
const pick = (list) => list[Math.floor(rand() * list.length)];
const shuffle = (list) => {
  const copy = [...list];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(rand() * (index + 1));
    [copy[index], copy[other]] = [copy[other], copy[index]];
  }
  return copy;
};

// The data folder goes to memory (/dev/shm) where there is one: a SIGKILL tests what the server
// committed before answering, which a kill cannot take from the page cache either, and the disk's
// fsync per commit (synchronous = FULL) would make 10,000 writes take minutes.
if (existsSync('/dev/shm')) process.env.TMPDIR = '/dev/shm';
// The compact demo market: this is about the watchlist's writes, and a full-size market would spend
// the run's time generating and filling itself.
const dataDir = await preparedDataDir('crash', { DEMO_UNIVERSE: 'compact' });
const env = { TRUST_PROXY: '1', API_LOCK: 'off', DEMO_UNIVERSE: 'compact' };
let server = await startServer(dataDir, { env });
/**
 * A server that stops without this test's SIGKILL is reported with its last log lines and started
 * again (the machine is shared: another process may signal it); one that crashed by itself (a
 * non-zero exit code) fails the test.
 */
let crashes = 0;
let restarting = null;
function watch(running) {
  running.child.once('exit', (code, signal) => {
    if (running.killedByTest) return;
    if (code !== 0 && signal === null) crashes += 1;
    console.log(`server stopped without a kill of this test: code ${code}, signal ${signal}`);
    for (const line of running.tail) console.log(`  ${line.slice(0, 400)}`);
    restarting = startServer(dataDir, { env }).then((next) => {
      server = watch(next);
      restarting = null;
    });
  });
  return running;
}
watch(server);
const started = performance.now();

/** A call; answers the envelope, or throws when the server did not answer (killed). */
async function request(method, route, { token, query, body, ip } = {}) {
  if (restarting) await restarting;
  const url = new URL(route, server.address);
  for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, String(value));
  const headers = { 'content-type': 'application/json' };
  if (token) headers.token = token;
  if (ip) headers['x-forwarded-for'] = ip;
  const response = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  return response.json();
}

// Instruments: A-shares of the generated market, a disjoint set per client.
const sqlite = new Database(path.join(dataDir, 'zhicai.sqlite'), { readonly: true });
const codes = sqlite
  .prepare("select code from instruments where type = 'capital' order by code limit ?")
  .all(CLIENTS * CODES_PER_CLIENT)
  .map((row) => row.code);
sqlite.close();

async function smsLogin(index) {
  const phone = `1370000${String(index).padStart(4, '0')}`;
  const ip = `10.77.0.${index + 1}`;
  await request('GET', '/api/v2/user/getSmsCode', { query: { phone }, ip });
  const outbox = readFileSync(path.join(dataDir, 'outbox', 'sms.jsonl'), 'utf8')
    .trim()
    .split('\n');
  const { code } = outbox
    .map((line) => JSON.parse(line))
    .filter((entry) => entry.phone === phone)
    .at(-1);
  const answer = await request('POST', '/api/v2/user/bindPhone', { body: { phone, code }, ip });
  if (answer.code !== '000' && answer.code !== '014') throw new Error(`login ${phone}: ${answer.code}`);
  return answer.datas.token;
}

async function demoLogin(index) {
  const answer = await request('GET', '/api/v2/config/checkTestToken', {
    query: { testToken: 'zhicai-demo' },
    ip: `10.78.0.${index + 1}`,
  });
  if (!answer.datas?.token) throw new Error(`demo login: ${answer.code} ${answer.message}`);
  return answer.datas.token;
}

/**
 * What one client knows of its part of the watchlist: its followed codes in their order, their
 * remarks, its groups and their members. `unknown` holds codes a cut-off call touched; `orderKnown`
 * and `groupsKnown` say whether a cut-off call touched the order or the groups.
 */
function newClient(index, token) {
  return {
    index,
    token,
    own: codes.slice(index * CODES_PER_CLIENT, (index + 1) * CODES_PER_CLIENT),
    order: [],
    remarks: new Map(),
    groups: new Map(),
    unknown: new Set(),
    orderKnown: true,
    groupsKnown: true,
    groupNames: 0,
  };
}

const clients = [];
for (let index = 0; index < CLIENTS - 5; index += 1) clients.push(newClient(index, await smsLogin(index)));
for (let index = CLIENTS - 5; index < CLIENTS; index += 1)
  clients.push(newClient(index, await demoLogin(index)));

let acknowledged = 0;
let found = 0;
let lost = 0;
const wrong = [];

/** The next operation a client sends, and what its success means for the client's state. */
function nextOperation(client) {
  const followed = client.order.filter((code) => !client.unknown.has(code));
  const notFollowed = client.own.filter((code) => !client.order.includes(code) && !client.unknown.has(code));
  const groups = client.groupsKnown ? [...client.groups.keys()] : [];
  const roll = rand();
  if (roll < 0.3 && notFollowed.length > 0) {
    const code = pick(notFollowed);
    return {
      touches: [code],
      send: () => request('GET', '/api/v2/capital/addOptional', { token: client.token, query: { code } }),
      done: () => {
        client.order.unshift(code);
        client.remarks.set(code, '');
      },
    };
  }
  if (roll < 0.45 && followed.length > 0) {
    const code = pick(followed);
    return {
      touches: [code],
      send: () => request('GET', '/api/v2/capital/delOptional', { token: client.token, query: { code } }),
      done: () => {
        client.order = client.order.filter((other) => other !== code);
        client.remarks.delete(code);
        for (const members of client.groups.values()) members.delete(code);
      },
    };
  }
  if (roll < 0.55 && client.groupsKnown && client.groups.size < 2) {
    client.groupNames += 1;
    const name = `c${client.index}-${client.groupNames}`;
    return {
      touchesGroups: true,
      send: () => request('GET', '/api/v2/opt/addOptGroup', { token: client.token, query: { name } }),
      done: (datas) => client.groups.set(datas.id, new Set()),
    };
  }
  if (roll < 0.65 && groups.length > 0) {
    const code = pick(client.own.filter((other) => !client.unknown.has(other)));
    const groupId = pick(groups);
    return {
      touches: [code],
      send: () =>
        request('GET', '/api/v2/opt/addOpt', {
          token: client.token,
          query: { codes: code, groupIds: groupId },
        }),
      done: () => {
        if (!client.order.includes(code)) {
          client.order.unshift(code);
          client.remarks.set(code, '');
        }
        client.groups.get(groupId).add(code);
      },
    };
  }
  if (roll < 0.72 && groups.length > 0) {
    const groupId = pick(groups);
    const members = [...client.groups.get(groupId)].filter((code) => !client.unknown.has(code));
    if (members.length > 0) {
      const removed = members.slice(0, 1 + Math.floor(rand() * members.length));
      return {
        touches: removed,
        send: () =>
          request('POST', '/api/v2/opt/batchDelOpt', {
            token: client.token,
            query: { groupId },
            body: { codes: removed },
          }),
        done: () => {
          for (const code of removed) client.groups.get(groupId).delete(code);
        },
      };
    }
  }
  if (roll < 0.76 && groups.length > 0) {
    const groupId = pick(groups);
    return {
      touchesGroups: true,
      send: () => request('GET', '/api/v2/opt/delOptGroup', { token: client.token, query: { groupId } }),
      done: () => client.groups.delete(groupId),
    };
  }
  if (roll < 0.88 && followed.length > 0) {
    const code = pick(followed);
    const remark = `备注${Math.floor(rand() * 1000)}`;
    return {
      touches: [code],
      send: () => request('POST', `/api/v2/opt/remark/${code}`, { token: client.token, body: { remark } }),
      done: () => client.remarks.set(code, remark),
    };
  }
  if (followed.length > 1 && client.orderKnown) {
    const wanted = shuffle(followed);
    return {
      touchesOrder: true,
      send: () =>
        request('POST', '/api/v2/capital/sortOptional', { token: client.token, body: { codes: wanted } }),
      done: () => {
        // The listed codes take the places the listed codes hold, in the listed order.
        const slots = client.order.flatMap((code, place) => (wanted.includes(code) ? [place] : []));
        wanted.forEach((code, place) => {
          client.order[slots[place]] = code;
        });
      },
    };
  }
  const code = pick(notFollowed.length > 0 ? notFollowed : client.own);
  return {
    touches: [code],
    send: () => request('GET', '/api/v2/opt/isOpt', { token: client.token, query: { code } }),
    read: true,
    done: () => undefined,
  };
}

/** Compares a client's certain state with the server's, counts it, then takes the server's. */
async function check(client) {
  const groupsAnswer = await request('GET', '/api/v2/opt/optGroupList', { token: client.token });
  const all = groupsAnswer.datas;
  const defaultList = await request('GET', '/api/v2/opt/listOptV4', {
    token: client.token,
    query: { groupId: all[0].id },
  });
  const items = defaultList.datas.items.filter((item) => client.own.includes(item.code));
  const actualOrder = items.map((item) => item.code);
  const actualRemarks = new Map(items.map((item) => [item.code, item.remark]));
  const count = (ok, what) => {
    if (ok) found += 1;
    else {
      lost += 1;
      if (wrong.length < 20) wrong.push(`client ${client.index}: ${what}`);
    }
  };
  for (const code of client.own) {
    if (client.unknown.has(code)) continue;
    const expected = client.order.includes(code);
    count(actualOrder.includes(code) === expected, `${code} followed ${!expected} (expected ${expected})`);
    if (expected)
      count(
        actualRemarks.get(code) === client.remarks.get(code),
        `${code} remark ${actualRemarks.get(code)}`,
      );
  }
  if (client.orderKnown) {
    const certain = (list) => list.filter((code) => !client.unknown.has(code));
    const expected = certain(client.order);
    count(
      JSON.stringify(certain(actualOrder).filter((code) => expected.includes(code))) ===
        JSON.stringify(expected),
      `order ${certain(actualOrder)} (expected ${expected})`,
    );
  }
  const ownGroups = all.filter((group) => group.name.startsWith(`c${client.index}-`));
  const actualGroups = new Map();
  for (const group of ownGroups) {
    const list = await request('GET', '/api/v2/opt/listOptV4', {
      token: client.token,
      query: { groupId: group.id },
    });
    actualGroups.set(group.id, new Set(list.datas.items.map((item) => item.code)));
  }
  if (client.groupsKnown) {
    count(
      JSON.stringify([...client.groups.keys()].sort()) === JSON.stringify([...actualGroups.keys()].sort()),
      `groups ${[...actualGroups.keys()]} (expected ${[...client.groups.keys()]})`,
    );
    for (const [id, members] of client.groups) {
      const actual = actualGroups.get(id) ?? new Set();
      for (const code of members)
        if (!client.unknown.has(code)) count(actual.has(code), `${code} missing from group ${id}`);
    }
  }
  client.order = actualOrder;
  client.remarks = actualRemarks;
  client.groups = actualGroups;
  client.unknown.clear();
  client.orderKnown = true;
  client.groupsKnown = true;
  client.groupNames = Math.max(
    client.groupNames,
    ...ownGroups.map((group) => Number(group.name.split('-')[1]) || 0),
  );
}

let gate = null;
let done = 0;
const killEvery = Math.floor(OPERATIONS / (KILLS + 1));
let nextKill = killEvery;
let kills = 0;
let integrityFailures = 0;

async function crashAndRestart() {
  kills += 1;
  const stopped = new Promise((resolve) => server.child.once('exit', resolve));
  server.killedByTest = true;
  server.child.kill('SIGKILL');
  await stopped;
  const database = new Database(path.join(dataDir, 'zhicai.sqlite'));
  const integrity = database.pragma('integrity_check', { simple: true });
  database.close();
  if (integrity !== 'ok') {
    integrityFailures += 1;
    wrong.push(`integrity_check after kill ${kills}: ${integrity}`);
  }
  server = watch(await startServer(dataDir, { env }));
  if (process.env.CRASH_VERBOSE)
    console.log(
      `kill ${kills} at ${done} operations, ${((performance.now() - started) / 1000).toFixed(1)} s, ready in ${server.readyMs.toFixed(0)} ms`,
    );
}

async function runClient(client) {
  while (done < OPERATIONS) {
    while (gate) await gate;
    const operation = nextOperation(client);
    done += 1;
    let answer;
    try {
      answer = await operation.send();
    } catch {
      // Cut off by a kill: the call may or may not have been carried out.
      for (const code of operation.touches ?? []) client.unknown.add(code);
      if (operation.touchesOrder) client.orderKnown = false;
      if (operation.touchesGroups) client.groupsKnown = false;
      while (gate) await gate;
      continue;
    }
    if (answer.code !== '000') {
      wrong.push(`client ${client.index}: answered ${answer.code} ${answer.message}`);
      lost += 1;
      continue;
    }
    if (!operation.read) acknowledged += 1;
    operation.done(answer.datas);
    if (done >= nextKill && kills < KILLS && !gate) {
      nextKill += killEvery;
      let open;
      gate = new Promise((resolve) => {
        open = resolve;
      });
      await crashAndRestart();
      for (const each of clients) await check(each);
      gate = null;
      open();
    }
  }
}

await Promise.all(clients.map(runClient));
for (const client of clients) await check(client);
server.killedByTest = true;
await server.stop();
removeDir(dataDir);

const seconds = ((performance.now() - started) / 1000).toFixed(0);
console.log(
  `watchlist crash test (seed ${seed}): ${done} operations by ${CLIENTS} clients, ${kills} kills in ${seconds} s`,
);
console.log(
  `acknowledged ${acknowledged} / found ${found} / lost ${lost}; integrity_check failures ${integrityFailures}; server crashes ${crashes}`,
);
for (const line of wrong) console.log(`  ${line}`);
process.exitCode = lost > 0 || integrityFailures > 0 || crashes > 0 || kills < KILLS ? 1 : 0;
