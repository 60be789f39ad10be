// Is an address a user gave us on the public internet? Fails closed: an address in any private,
// loopback, link-local, CGNAT, multicast, unspecified or reserved range is refused — IPv4 or IPv6, in
// any spelling (decimal/hex/short IPv4, uppercase or zero-padded IPv6, zone ids), and IPv6 forms that
// carry an IPv4 address (mapped, translated, NAT64, 6to4, Teredo, ISATAP) are judged by the IPv4 they
// carry, or refused outright where the form is deprecated or local. `localhost`, a name resolving to
// any such address, and anything that cannot be decided (unparsable host, DNS failure) are refused too.
import { lookup as dnsLookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

export type AddressLookup = (host: string) => Promise<Array<{ address: string }>>;

export type AddressVerdict = { public: true; addresses: string[] } | { public: false; reason: string };

const defaultLookup: AddressLookup = (host) => dnsLookup(host, { all: true, verbatim: true });

/** IANA's global unicast space; any other IPv6 address without a form below is not a public host. */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');
/** RFC 4291 §2.5.5.1, deprecated; ipaddr.js has no name for it. */
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');
/** RFC 8215 local-use NAT64: where the IPv4 sits depends on the prefix length each network picks. */
const LOCAL_USE_NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b:1::/48');

interface EmbeddingForm {
  name: string;
  matches(address: ipaddr.IPv6): boolean;
  /** The IPv4 addresses the traffic is delivered to; all of them must be public. */
  carried(address: ipaddr.IPv6): ipaddr.IPv4[];
  /** Refused whatever it carries (deprecated or local-use forms), with this reason. */
  refusedBecause?: string;
}

/** The IPv4 in bytes [from, from + 4) of an IPv6 address (Teredo stores its client inverted). */
function ipv4At(address: ipaddr.IPv6, from: number, inverted = false): ipaddr.IPv4 {
  const bytes = address.toByteArray().slice(from, from + 4);
  return new ipaddr.IPv4(inverted ? bytes.map((byte) => byte ^ 0xff) : bytes);
}

/** IPv6 prefixes that wrap an IPv4 address: an address in one of them is judged by what it carries alone. */
const EMBEDDING_PREFIXES: readonly EmbeddingForm[] = [
  { name: 'IPv4-mapped', matches: (a) => a.range() === 'ipv4Mapped', carried: (a) => [ipv4At(a, 12)] },
  { name: 'IPv4-translated', matches: (a) => a.range() === 'rfc6145', carried: (a) => [ipv4At(a, 12)] },
  {
    name: 'local-use NAT64',
    matches: (a) => a.match(LOCAL_USE_NAT64),
    carried: (a) => [ipv4At(a, 12)],
    refusedBecause: 'a local-use NAT64 prefix (64:ff9b:1::/48) only has meaning inside one network',
  },
  { name: 'NAT64', matches: (a) => a.range() === 'rfc6052', carried: (a) => [ipv4At(a, 12)] },
  { name: '6to4', matches: (a) => a.range() === '6to4', carried: (a) => [ipv4At(a, 2)] },
  // Server in bits 32-63, client (inverted) in the last 32: traffic reaches both.
  { name: 'Teredo', matches: (a) => a.range() === 'teredo', carried: (a) => [ipv4At(a, 4), ipv4At(a, 12, true)] },
  {
    name: 'IPv4-compatible',
    matches: (a) => a.range() === 'unicast' && a.match(IPV4_COMPATIBLE),
    carried: (a) => [ipv4At(a, 12)],
    refusedBecause: 'IPv4-compatible addresses (::/96) are deprecated',
  },
];

/** ISATAP interface identifier (RFC 5214): 0000:5efe or 0200:5efe (u/g bits), IPv4 in the last 32 bits, any /64. */
const ISATAP: EmbeddingForm = {
  name: 'ISATAP',
  matches: (a) => (a.parts[4]! & ~0x0300) === 0 && a.parts[5] === 0x5efe,
  carried: (a) => [ipv4At(a, 12)],
};

type ParsedHost = { address: ipaddr.IPv4 | ipaddr.IPv6 } | { name: string } | { invalid: true };

/**
 * A host (brackets allowed) in one canonical spelling. The WHATWG host parser does the spelling work —
 * 2130706433, 0x7f.1 and 0177.0.0.1 become 127.0.0.1, IPv6 comes back in plain hex, a zone id is refused —
 * because ipaddr.js alone would read `::a.b.c.d` as `::ffff:a.b.c.d`.
 */
function parseHost(text: string): ParsedHost {
  const bare = text.replace(/^\[|\]$/g, '');
  // Nothing but a host: these would let the text carry a path, credentials or another host.
  if (!bare || /[\s/\\?#@]/.test(bare)) return { invalid: true };
  let host: string;
  try {
    host = new URL(bare.includes(':') ? `http://[${bare}]/` : `http://${bare}/`).hostname;
  } catch {
    return { invalid: true };
  }
  if (host.startsWith('[')) return { address: ipaddr.IPv6.parse(host.slice(1, -1)) };
  if (ipaddr.IPv4.isValidFourPartDecimal(host)) return { address: ipaddr.IPv4.parse(host) };
  return { name: host };
}

function ipv4Refusal(address: ipaddr.IPv4): string | null {
  const range = address.range();
  return range === 'unicast' ? null : `${address.toString()} is in the ${range} range`;
}

function embeddedRefusal(address: ipaddr.IPv6, form: EmbeddingForm): string | null {
  const written = address.toRFC5952String();
  const carried = form.carried(address);
  const inRange = carried.find((ipv4) => ipv4.range() !== 'unicast');
  if (inRange) return `${written} carries ${inRange.toString()} (${form.name}), which is in the ${inRange.range()} range`;
  return form.refusedBecause ? `${written} carries ${carried.join(', ')}, but ${form.refusedBecause}` : null;
}

function ipv6Refusal(address: ipaddr.IPv6): string | null {
  const prefixForm = EMBEDDING_PREFIXES.find((form) => form.matches(address));
  if (prefixForm) return embeddedRefusal(address, prefixForm);
  const written = address.toRFC5952String();
  const range = address.range();
  if (range !== 'unicast') return `${written} is in the ${range} range`;
  if (!address.match(GLOBAL_UNICAST)) return `${written} is outside the global unicast range 2000::/3`;
  return ISATAP.matches(address) ? embeddedRefusal(address, ISATAP) : null;
}

function refusal(address: ipaddr.IPv4 | ipaddr.IPv6): string | null {
  return address.kind() === 'ipv4' ? ipv4Refusal(address as ipaddr.IPv4) : ipv6Refusal(address as ipaddr.IPv6);
}

/** Why an address is not public, or null when it is plain public unicast. Anything unparsable is refused. */
export function addressRefusal(text: string): string | null {
  const parsed = parseHost(text);
  return 'address' in parsed ? refusal(parsed.address) : `${text} is not an IP address`;
}

/** Only plain unicast is public; every named special range (and any range we do not know) is not. */
export function isPublicAddress(address: string): boolean {
  return addressRefusal(address) === null;
}

/** The verdict on a literal IP host (brackets allowed), or null when the host is a name. */
export function literalHostVerdict(hostname: string): AddressVerdict | null {
  const parsed = parseHost(hostname);
  if ('name' in parsed) return null;
  if ('invalid' in parsed) return { public: false, reason: `${hostname} is neither an address nor a host name` };
  const reason = refusal(parsed.address);
  return reason ? { public: false, reason } : { public: true, addresses: [parsed.address.toString()] };
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
  const name = host.replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return { public: false, reason: 'localhost' };
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
