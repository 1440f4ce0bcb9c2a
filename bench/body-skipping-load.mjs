// A keep-alive HTTP/1.1 load generator that reads each answer's head and skips its body by
// content-length, for benchmarks of large answers. autocannon (9.0) appends every body chunk to a
// string (its request queue's `req.body += data`): about 0.9 ms of client CPU per 40 KB brotli
// answer on this machine, so with answers that size the client on its core decides the wall rate
// (≤ ~1,000 answers/s idle, 250-400 while other work shares the core) and its queue the latency
// percentiles, not the server. Here a 40 KB answer costs the client a few µs.
import net from 'node:net';
import { percentile } from './server.mjs';

const HEAD_END = Buffer.from('\r\n\r\n');

function requestBytes(host, { method, path, headers = {}, body = '' }) {
  const lines = [`${method} ${path} HTTP/1.1`, `host: ${host}`, 'connection: keep-alive'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (body !== '' || method === 'POST') lines.push(`content-length: ${Buffer.byteLength(body)}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body}`);
}

/**
 * Runs `connections` connections for `seconds`, each sending `requests` in turn (connection i
 * starting at request i), one at a time. Answers totals, failures (non-2xx, socket errors), body
 * bytes, the latencies' percentiles (ms) and this process's CPU seconds over the run.
 */
export async function bodySkippingLoad(address, { requests, connections, seconds }) {
  const url = new URL(address);
  const wire = requests.map((request) => requestBytes(url.host, request));
  const latencies = [];
  let total = 0;
  let non2xx = 0;
  let errors = 0;
  let bodyBytes = 0;
  const cpuBefore = process.cpuUsage();
  const endsAt = performance.now() + seconds * 1000;

  const connection = (index) =>
    new Promise((resolve) => {
      let next = index;
      let sentAt = 0;
      let head = Buffer.alloc(0);
      let remaining = -1;
      const socket = net.connect({ host: url.hostname, port: Number(url.port), noDelay: true });
      const send = () => {
        if (performance.now() >= endsAt) {
          socket.end();
          resolve();
          return;
        }
        sentAt = performance.now();
        socket.write(wire[next % wire.length]);
        next += 1;
      };
      const finish = (status) => {
        latencies.push(performance.now() - sentAt);
        total += 1;
        if (status < 200 || status >= 300) non2xx += 1;
        head = Buffer.alloc(0);
        remaining = -1;
        send();
      };
      let status = 0;
      socket.on('connect', send);
      socket.on('data', (chunk) => {
        let data = chunk;
        if (remaining < 0) {
          head = head.length === 0 ? data : Buffer.concat([head, data]);
          const end = head.indexOf(HEAD_END);
          if (end < 0) return;
          const text = head.toString('latin1', 0, end);
          status = Number(text.slice(9, 12));
          const length = /\r\ncontent-length: *(\d+)/i.exec(text);
          remaining = length ? Number(length[1]) : 0;
          data = head.subarray(end + HEAD_END.length);
        }
        remaining -= data.length;
        bodyBytes += data.length;
        if (remaining <= 0) finish(status);
      });
      socket.on('error', () => {
        errors += 1;
        resolve();
      });
    });

  await Promise.all(Array.from({ length: connections }, (_, index) => connection(index)));
  const cpu = process.cpuUsage(cpuBefore);
  latencies.sort((a, b) => a - b);
  const round = (value) => Math.round(value * 10) / 10;
  return {
    total,
    non2xx,
    errors,
    bodyBytes,
    latency: {
      p50: round(percentile(latencies, 50)),
      p97_5: round(percentile(latencies, 97.5)),
      p99: round(percentile(latencies, 99)),
    },
    clientCpuSeconds: (cpu.user + cpu.system) / 1e6,
  };
}
