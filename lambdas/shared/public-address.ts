/**
 * Which network addresses the remote source may connect to: public unicast only, so an
 * allowed hostname cannot be pointed at the VPC, the instance metadata service
 * (169.254.169.254, fd00:ec2::254) or the machine itself.
 */
import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import type IpAddr from 'ipaddr.js';
import { nodeDns } from './node-builtins';
import { onFirstUse } from './on-first-use';

// Its top level builds dozens of patterns and ranges (≈ 1 ms of cold start); only proxied
// rewrites and remote images need it.
const ipaddr = onFirstUse(() => require('ipaddr.js') as typeof IpAddr);

export interface AddressPolicy {
  /** Test-only: let loopback addresses through, for servers the tests start. @default false */
  allowLoopback?: boolean;
}

/**
 * True when `address` (an IP literal, brackets allowed) is a public unicast address.
 * IPv4-mapped IPv6 (`::ffff:10.0.0.1`) is judged as the IPv4 it carries; NAT64, 6to4 and
 * Teredo ranges are refused because they can embed a private IPv4.
 *
 * @example
 * isPublicAddress('93.184.216.34'); // true
 * isPublicAddress('169.254.169.254'); // false
 */
export function isPublicAddress(address: string, policy: AddressPolicy = {}): boolean {
  const literal = address.replace(/^\[|\]$/g, '');
  if (!ipaddr().isValid(literal)) return false;
  const range = ipaddr().process(literal).range();
  if (range === 'unicast') return true;
  return range === 'loopback' && policy.allowLoopback === true;
}

/** True when `host` is an IP literal rather than a name to resolve. */
export function isIpLiteral(host: string): boolean {
  return ipaddr().isValid(host.replace(/^\[|\]$/g, ''));
}

/** Resolves a hostname to all its addresses, as `dns.lookup` with `{ all: true }` does. */
export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;

export const defaultResolveHost: ResolveHost = (hostname) =>
  new Promise((resolve, reject) =>
    nodeDns().lookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

/**
 * A `net` lookup that only ever hands out public addresses: the address checked is the one
 * connected to, so DNS cannot answer differently between the check and the request. A name
 * with any private answer fails with `refused()` (round-robin records could mix one in).
 */
export function createGuardedLookup(resolveHost: ResolveHost, policy: AddressPolicy, refused: () => Error): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    resolveHost(hostname).then(
      (addresses) => {
        if (addresses.length === 0 || addresses.some((entry) => !isPublicAddress(entry.address, policy))) {
          callback(refused() as NodeJS.ErrnoException, '', 4);
        } else if (lookupOptions.all) {
          // Node's happy-eyeballs connect asks for all addresses.
          (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
        } else {
          callback(null, addresses[0]!.address, addresses[0]!.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 4),
    );
  };
}
