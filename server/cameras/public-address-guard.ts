// Is a camera URL on the public internet? Fails closed: an address in any private, loopback,
// link-local, CGNAT, multicast, unspecified or reserved range — IPv4 or IPv6, IPv4-mapped IPv6,
// decimal/hex/short IPv4 spellings, `localhost`, or a name resolving to any such address — is refused,
// and so is anything that cannot be decided (unparsable host, DNS failure).
import { lookup as dnsLookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

export type AddressLookup = (host: string) => Promise<Array<{ address: string }>>;

export type AddressVerdict = { public: true; addresses: string[] } | { public: false; reason: string };

const defaultLookup: AddressLookup = (host) => dnsLookup(host, { all: true, verbatim: true });

/** The range ipaddr.js gives an address, with IPv4-mapped IPv6 judged as the IPv4 it carries. */
export function addressRange(address: string): string {
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range();
}

/** Only plain unicast is public; every named special range (and any range we do not know) is not. */
export function isPublicAddress(address: string): boolean {
  try {
    return addressRange(address) === 'unicast';
  } catch {
    return false;
  }
}

/** The verdict on a literal IP host (brackets allowed), or null when the host is a name. */
export function literalHostVerdict(hostname: string): AddressVerdict | null {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (!ipaddr.isValid(host)) return null;
  return isPublicAddress(host) ? { public: true, addresses: [host] } : { public: false, reason: `${host} is in the ${addressRange(host)} range` };
}

export async function checkPublicUrl(rawUrl: string, lookup: AddressLookup = defaultLookup): Promise<AddressVerdict> {
  let url: URL;
  try {
    // The WHATWG parser turns 2130706433, 0x7f000001 and 127.1 into 127.0.0.1.
    url = new URL(rawUrl);
  } catch {
    return { public: false, reason: 'not a URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { public: false, reason: `scheme ${url.protocol} is not allowed` };
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (!host) return { public: false, reason: 'no host' };
  if (host === 'localhost' || host.endsWith('.localhost')) return { public: false, reason: 'localhost' };
  const literal = literalHostVerdict(host);
  if (literal) return literal;
  let addresses: Array<{ address: string }>;
  try {
    addresses = await lookup(host);
  } catch (error) {
    return { public: false, reason: `${host} could not be resolved (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  if (addresses.length === 0) return { public: false, reason: `${host} has no address` };
  const blocked = addresses.find((entry) => !isPublicAddress(entry.address));
  if (blocked) return { public: false, reason: `${host} resolves to ${blocked.address}, which is not public` };
  return { public: true, addresses: addresses.map((entry) => entry.address) };
}
