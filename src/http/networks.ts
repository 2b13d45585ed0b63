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
