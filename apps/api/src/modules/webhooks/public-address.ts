import { BlockList, isIP } from 'node:net';

/**
 * The ranges a delivery never goes to (ADR 056): this host, private networks, link-local,
 * shared address space (CGNAT), documentation, benchmarking, multicast and reserved ranges, and
 * in IPv6 the unique-local, link-local and every prefix that embeds an IPv4 address (mapped,
 * NAT64, 6to4, Teredo), whose IPv4 part could be any of the above.
 */
// Two lists: Node's BlockList matches an IPv4 address against IPv6 rules too (as ::ffff:a.b.c.d),
// so the IPv6 rules for embedded IPv4 would refuse every IPv4 address in one list.
const refusedV4 = new BlockList();
const refusedV6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  refusedV4.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  refusedV6.addSubnet(network, prefix, 'ipv6');
}

/** Whether `address` (an IP literal) is one a delivery may connect to. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return family === 4 ? !refusedV4.check(address, 'ipv4') : !refusedV6.check(address, 'ipv6');
}
