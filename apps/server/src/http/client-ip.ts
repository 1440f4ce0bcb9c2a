import { BlockList, isIP } from 'node:net';

/**
 * Which proxies in front of us to believe about the client's address (TRUST_PROXY).
 *
 * A proxy appends the address it was reached from to X-Forwarded-For, so only the right end of
 * the header is written by proxies we run; everything to the left of it came from the client and
 * may be made up. The client is therefore the right-most address that is not one of our proxies:
 * counted by hops (`hops` proxies, the socket's peer being the first) or recognised by address.
 * Believing the left-most address (TRUST_PROXY=on before issue 14) let a client pick its own IP
 * and so dodge the per-IP SMS limit.
 */
export type TrustProxy =
  | { kind: 'off' }
  | { kind: 'hops'; hops: number }
  | { kind: 'addresses'; ranges: readonly string[] };

/** More hops than any real chain of proxies; a bigger number is a typo. */
const MAX_HOPS = 16;

/**
 * TRUST_PROXY's value: `off`; `on` (one proxy, the usual reverse proxy on the same host or
 * network); a number of proxies; or a comma list of proxy addresses and CIDR ranges. Null when
 * the text is none of these.
 */
export function parseTrustProxy(text: string): TrustProxy | null {
  const value = text.trim();
  if (value === 'off') return { kind: 'off' };
  if (value === 'on') return { kind: 'hops', hops: 1 };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops === 0) return { kind: 'off' };
    return hops <= MAX_HOPS ? { kind: 'hops', hops } : null;
  }
  const ranges = value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (ranges.length === 0 || !ranges.every((range) => parseRange(range) !== null)) return null;
  return { kind: 'addresses', ranges };
}

/**
 * Fastify's trustProxy option for a setting: false, or a function telling whether the address at
 * `hop` (0 = the socket's peer, then X-Forwarded-For from right to left) is a proxy of ours.
 * Fastify (proxy-addr) takes the first address it is told is not one as the client's.
 */
export function trustProxyOption(trust: TrustProxy): false | ((address: string, hop: number) => boolean) {
  switch (trust.kind) {
    case 'off':
      return false;
    case 'hops':
      return (_address, hop) => hop < trust.hops;
    case 'addresses': {
      const proxies = new BlockList();
      for (const range of trust.ranges) {
        const parsed = parseRange(range);
        if (parsed) proxies.addSubnet(parsed.address, parsed.prefix, parsed.family);
      }
      return (address) => {
        const plain = plainAddress(address);
        const version = isIP(plain);
        return version !== 0 && proxies.check(plain, version === 4 ? 'ipv4' : 'ipv6');
      };
    }
  }
}

/** What the boot log says about the setting. */
export function describeTrustProxy(trust: TrustProxy): string {
  switch (trust.kind) {
    case 'off':
      return 'off';
    case 'hops':
      return `${trust.hops} proxy hop${trust.hops === 1 ? '' : 's'}`;
    case 'addresses':
      return `proxies at ${trust.ranges.join(', ')}`;
  }
}

/** An address or CIDR range; a bare address is a range of one. */
function parseRange(range: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [address = '', prefixText, extra] = range.split('/');
  const version = isIP(address);
  if (extra !== undefined || version === 0) return null;
  const bits = version === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix > bits) return null;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/** IPv4 peers on a dual-stack socket show up as ::ffff:a.b.c.d. */
function plainAddress(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return mapped?.[1] ?? ip;
}
