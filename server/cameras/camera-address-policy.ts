// Which camera addresses (cameras and the directories that list them) may be stored and contacted: the
// public-address guard, plus hosts a test names explicitly (never read from the environment, so production
// cannot switch the guard off).
import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns';
import { type AddressLookup, type AddressVerdict, checkPublicUrl, isPublicAddress, literalHostVerdict } from './public-address-guard.js';

export type ConnectLookup = (
  hostname: string,
  options: object,
  callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
) => void;

export class CameraAddressPolicy {
  private readonly allowed: Set<string>;

  constructor(
    /** `host:port` values a test serves from loopback. */
    testAllowedHosts: readonly string[] = [],
    private readonly resolve?: AddressLookup,
  ) {
    this.allowed = new Set(testAllowedHosts.map((host) => host.toLowerCase()));
  }

  private isTestAllowed(url: URL): boolean {
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    return this.allowed.has(`${url.hostname}:${port}`.toLowerCase());
  }

  async check(rawUrl: string): Promise<AddressVerdict> {
    try {
      const url = new URL(rawUrl);
      if (this.isTestAllowed(url)) return { public: true, addresses: [url.hostname] };
    } catch {
      return { public: false, reason: 'not a URL' };
    }
    return checkPublicUrl(rawUrl, this.resolve);
  }

  /**
   * A `lookup` for http.request: the address judged is the address connected to, so a name cannot
   * resolve to a public address for the check and a private one for the connection.
   */
  connectLookup(url: URL): ConnectLookup {
    const testAllowed = this.isTestAllowed(url);
    return (hostname, options, callback) => {
      dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
        if (error) return callback(error, []);
        const refused = addresses.find((entry) => !testAllowed && !isPublicAddress(entry.address));
        if (refused || addresses.length === 0) {
          const reason = refused ? `${hostname} resolves to ${refused.address}, which is not public` : `${hostname} has no address`;
          return callback(Object.assign(new Error(reason), { code: 'EADDRNOTPUBLIC' }), []);
        }
        // Node asks for every address (happy eyeballs) or for one.
        if ((options as { all?: boolean }).all) return callback(null, addresses);
        const first = addresses[0] as LookupAddress;
        callback(null, first.address, first.family);
      });
    };
  }

  /** For a literal IP host, the verdict without DNS (http.request calls no lookup for literals). */
  literalVerdict(url: URL): AddressVerdict | null {
    const verdict = literalHostVerdict(url.hostname);
    return verdict && !verdict.public && this.isTestAllowed(url) ? { public: true, addresses: [url.hostname] } : verdict;
  }
}
