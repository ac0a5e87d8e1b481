import { Resolver } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { PushPolicy } from '../policy.js';

/**
 * Where a webhook may be delivered: an `https` URL whose host resolves only to
 * public addresses — never loopback, private, link-local (the cloud metadata
 * service), shared, reserved, documentation or multicast ranges. Checked on the
 * resolved IP at delivery time too, and the request then goes to exactly that
 * IP, so a DNS answer that changes between check and connect cannot redirect it.
 */

const FORBIDDEN = new BlockList();
for (const [net, prefix] of [
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
] as const)
  FORBIDDEN.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
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
] as const)
  FORBIDDEN.addSubnet(net, prefix, 'ipv6');

/** Whether an IP address is one the service must never call. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return FORBIDDEN.check(address, 'ipv4');
  if (family !== 6) return true;
  // IPv4-mapped and IPv4-compatible IPv6 addresses reach the IPv4 address they embed.
  const embedded = /^(?:::ffff:(?:0:)?|::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (embedded) return FORBIDDEN.check(embedded[1] as string, 'ipv4');
  const mappedHex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (mappedHex) {
    const [hi, lo] = [parseInt(mappedHex[1] as string, 16), parseInt(mappedHex[2] as string, 16)];
    return FORBIDDEN.check(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, 'ipv4');
  }
  return FORBIDDEN.check(address, 'ipv6');
}

export class ForbiddenTargetError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ForbiddenTargetError';
  }
}

/** A vetted target: where to connect, and the host name TLS and the Host header use. */
export interface ResolvedTarget {
  readonly url: URL;
  readonly address: string;
  readonly family: 4 | 6;
}

const LOOPBACK = '127.0.0.1';

/** Every address a host name resolves to, within `timeoutMs`; rejects when it does not resolve in time. */
export type HostResolver = (host: string, timeoutMs: number) => Promise<{ address: string; family: number }[]>;

/**
 * Asks DNS itself (c-ares, one try, bounded), not the system's getaddrinfo:
 * that one cannot be given a time limit, and a name whose servers never
 * answer would hold one of libuv's four worker threads (and so every file and
 * look-up of the process) until the OS gives up. The A and AAAA answers both
 * count: every address must be public. `servers`: the system's unless given.
 */
export function dnsResolver(servers?: readonly string[]): HostResolver {
  return async (host, timeoutMs) => {
    const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
    if (servers) resolver.setServers(servers);
    const timer = setTimeout(() => resolver.cancel(), timeoutMs);
    try {
      const answers = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)]);
      const addresses = answers.flatMap((answer, i) => (answer.status === 'fulfilled' ? answer.value.map((address) => ({ address, family: 4 + 2 * i })) : []));
      if (addresses.length === 0) throw new Error(`${host} did not resolve`);
      return addresses;
    } finally {
      clearTimeout(timer);
    }
  };
}

/** Checks the URL and resolves its host now, within `timeoutMs`; throws ForbiddenTargetError with a reason for people. */
export async function resolveTarget(
  raw: string,
  policy: Pick<PushPolicy, 'allowLoopbackHttp'>,
  timeoutMs: number,
  resolve: HostResolver = dnsResolver(),
): Promise<ResolvedTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ForbiddenTargetError('not a URL');
  }
  if (url.username || url.password) throw new ForbiddenTargetError('a webhook URL must not carry credentials');
  const loopbackAllowed = policy.allowLoopbackHttp && url.hostname === LOOPBACK;
  if (url.protocol !== 'https:' && !(loopbackAllowed && url.protocol === 'http:')) throw new ForbiddenTargetError('a webhook URL must use https');
  if (loopbackAllowed) return { url, address: LOOPBACK, family: 4 };
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = isIP(host);
  let addresses: { address: string; family: number }[];
  if (literal) addresses = [{ address: host, family: literal }];
  else {
    try {
      addresses = await resolve(host, timeoutMs);
    } catch {
      throw new ForbiddenTargetError(`${host} does not resolve (within ${timeoutMs / 1000} s)`);
    }
  }
  // Every address must be public: a name that also resolves inward could be steered there.
  const bad = addresses.find((a) => isForbiddenAddress(a.address));
  if (bad || addresses.length === 0) throw new ForbiddenTargetError(`${host} resolves to a non-public address${bad ? ` (${bad.address})` : ''}`);
  const first = addresses[0] as { address: string; family: number };
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
