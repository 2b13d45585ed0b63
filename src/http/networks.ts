/**
 * IP range matching for `API_UNLIMITED_NETWORKS` (spec "Limits": own servers in the private network have
 * no limit), with Node's BlockList. IPv4-mapped IPv6 addresses (`::ffff:10.1.2.3`, what a dual-stack socket
 * reports for an IPv4 client) are matched as the IPv4 address they carry.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** A predicate: is `ip` inside one of `ranges` (CIDRs or bare addresses, validated by config/env.ts)? */
export function networkMatcher(ranges: readonly string[]): (ip: string) => boolean {
  const list = new BlockList();
  for (const range of ranges) {
    const [address, bits] = range.split('/') as [string, string | undefined];
    const family = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return (ip) => {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
    const address = mapped ? mapped[1]! : ip;
    if (isIPv4(address)) return list.check(address, 'ipv4');
    if (isIPv6(address)) return list.check(address, 'ipv6');
    return false;
  };
}

/**
 * Is `ip` an address no public client has: private (RFC 1918, unique-local `fc00::/7`), shared
 * (`100.64.0.0/10`, carrier-grade NAT), loopback or link-local? Where a proxy of one's own would live.
 */
export const internalAddress = networkMatcher([
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '::1',
  'fc00::/7',
  'fe80::/10',
]);

/**
 * The address a client is counted by (rate limits, the search log's per-IP cap and client key): an IPv4
 * address as it is (also when IPv4-mapped), an IPv6 address as its /64 network (`2001:db8:1:2::/64`),
 * since one subscriber gets a whole /64 and could otherwise take 2^64 limits. Anything else ('' when the
 * socket is gone) is returned unchanged. Linear in the address's length.
 */
export function clientBucket(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const zone = ip.indexOf('%');
  const groups = expandIPv6(zone === -1 ? ip : ip.slice(0, zone));
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, lower-case hex without leading zeros. */
function expandIPv6(ip: string): string[] {
  let text = ip.toLowerCase();
  // A trailing dotted IPv4 part (`::1.2.3.4`) is two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const fill = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((g) => parseInt(g, 16).toString(16));
}
