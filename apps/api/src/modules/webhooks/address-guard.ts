import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook may never reach (ADR 034): this host, the private networks behind it,
 * link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, multicast, reserved and
 * documentation ranges, and IPv6 forms that wrap an IPv4 address (NAT64, 6to4; BlockList checks
 * an IPv4-mapped address against the IPv4 rules).
 */
const REFUSED = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  REFUSED.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  REFUSED.addSubnet(net, bits, 'ipv6');

/** Whether `address` (an IP literal) is one a webhook may be sent to. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !REFUSED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export interface CheckedTarget {
  url: URL;
  /** The address the connection must go to: the one that was checked. */
  address: string;
  family: 4 | 6;
}

/** Why a webhook URL is refused; the delivery log shows the message. */
export class RefusedTarget extends Error {}

/**
 * Resolves the endpoint's host now, at delivery time, and refuses it unless it is https and
 * every address it resolves to is public (one private answer among public ones is refused
 * too: the connection could be steered to it). `allowPrivate` (WEBHOOKS_ALLOW_PRIVATE, for
 * tests) lets http and any address through.
 */
export async function checkTarget(raw: string, allowPrivate: boolean): Promise<CheckedTarget> {
  const url = new URL(raw);
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    throw new RefusedTarget('refused: only https:// addresses receive webhooks');
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const answers = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await lookup(host, { all: true, verbatim: true }).catch((err: NodeJS.ErrnoException) => {
        throw new RefusedTarget(`the host ${host} could not be resolved (${err.code ?? err.message})`);
      });
  const first = answers[0];
  if (!first) throw new RefusedTarget(`the host ${host} has no address`);
  if (!allowPrivate) {
    const refused = answers.find((a) => !isPublicAddress(a.address));
    if (refused) {
      throw new RefusedTarget(
        `refused: ${host} is a private, loopback or link-local address (${refused.address})`,
      );
    }
  }
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
