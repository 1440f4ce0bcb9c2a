import { BlockList, isIP } from 'node:net';
import bundledRanges from './data/cn-cidrs.json' with { type: 'json' };

/** The bundled sample list (see data/cn-cidrs.json for what it holds and how to replace it). */
export const DEFAULT_CN_CIDRS: readonly string[] = bundledRanges.ranges;

// Addresses that never leave a private network mean the user reaches us from inside it: a
// developer's machine or an office behind our own proxy. Issue 3 §10 counts them as mainland.
const LOCAL_RANGES: readonly string[] = [
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '::1/128',
  'fc00::/7',
  'fe80::/10',
];

function parseCidr(cidr: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [address = '', prefixText = '', extra] = cidr.split('/');
  const version = isIP(address);
  if (extra !== undefined || version === 0 || !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = Number(prefixText);
  if (prefix > (version === 4 ? 32 : 128)) return null;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

export function isValidCidr(cidr: string): boolean {
  return parseCidr(cidr) !== null;
}

/** IPv4 clients on a dual-stack socket show up as ::ffff:a.b.c.d. */
function plainAddress(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return mapped?.[1] ?? ip;
}

export interface RegionLookup {
  isMainland(ip: string): boolean;
}

/**
 * The lookup builds its ranges on the first question, not when the user module registers: the
 * first IP parse compiles Node's IPv6 pattern, 5-20 ms of a restart before the first answer. The
 * ranges are checked where they are configured (config.ts CN_CIDRS) and again here.
 */
export function createRegionLookup(cnCidrs: readonly string[]): RegionLookup {
  let ranges: BlockList | null = null;
  const build = (): BlockList => {
    const list = new BlockList();
    for (const cidr of [...cnCidrs, ...LOCAL_RANGES]) {
      const parsed = parseCidr(cidr);
      if (!parsed) throw new Error(`not a CIDR range: ${cidr}`);
      list.addSubnet(parsed.address, parsed.prefix, parsed.family);
    }
    return list;
  };
  return {
    isMainland(ip) {
      ranges ??= build();
      const address = plainAddress(ip);
      const version = isIP(address);
      if (version === 0) return false;
      return ranges.check(address, version === 4 ? 'ipv4' : 'ipv6');
    },
  };
}
