import { describe, expect, it } from 'vitest';
import { cameraUrlHash, normaliseCameraUrl, stripCredentials } from '../../server/cameras/camera-url.js';
import { addressRefusal, checkPublicUrl, isPublicAddress, literalHostVerdict, type AddressLookup } from '../../server/cameras/public-address-guard.js';

// DNS is the outside dependency here: a table stands in for it, so nothing leaves the machine.
const names: Record<string, string[]> = {
  'cams.example.net': ['93.184.216.34'],
  'rebind.example.net': ['93.184.216.34', '10.0.0.7'],
  'v6.example.net': ['2606:2800:220:1:248:1893:25c8:1946'],
  'mapped.example.net': ['::ffff:192.168.1.1'],
  // getaddrinfo writes IPv4-compatible answers with a dotted tail; ipaddr.js alone would read them as mapped.
  'compat.example.net': ['::127.0.0.1'],
  'nat64.example.net': ['64:ff9b::a00:1'],
  'zoned.example.net': ['fe80::1%eth0'],
  'nat64-public.example.net': ['64:ff9b::808:808'],
};
const lookup: AddressLookup = async (host) => {
  const found = names[host];
  if (!found) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
  return found.map((address) => ({ address }));
};

describe('public address guard (fails closed)', () => {
  it('refuses every non-public range and spelling', async () => {
    const refused = [
      'http://127.0.0.1/cam.jpg',
      'http://2130706433/cam.jpg',
      'http://0x7f000001/cam.jpg',
      'http://127.1/cam.jpg',
      'http://0177.0.0.1/cam.jpg',
      'http://localhost:8080/',
      'http://cam.localhost/',
      'http://10.1.2.3/',
      'http://172.16.0.1/',
      'http://192.168.0.10/',
      'http://169.254.169.254/latest/meta-data',
      'http://100.64.0.1/',
      'http://224.0.0.1/',
      'http://0.0.0.0/',
      'http://240.0.0.1/',
      'http://255.255.255.255/',
      'http://[::1]/',
      'http://[::]/',
      'http://[fe80::1]/',
      'http://[fc00::1]/',
      'http://[ff02::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:10.0.0.1]/',
      'http://rebind.example.net/',
      'http://mapped.example.net/',
      'http://compat.example.net/',
      'http://nat64.example.net/',
      'http://zoned.example.net/',
      'http://unknown.example.net/',
      'ftp://93.184.216.34/',
      'not a url',
    ];
    for (const url of refused) {
      const verdict = await checkPublicUrl(url, lookup);
      expect(verdict.public, url).toBe(false);
    }
  });

  it('accepts public addresses and names that resolve only to public addresses', async () => {
    for (const url of [
      'http://93.184.216.34:8080/mjpg/video.mjpg',
      'http://cams.example.net/snap.jpg',
      'http://v6.example.net/',
      'http://[2606:2800:220:1:248:1893:25c8:1946]/',
      'http://nat64-public.example.net/',
      'http://[64:ff9b::8.8.8.8]/',
    ]) {
      expect((await checkPublicUrl(url, lookup)).public, url).toBe(true);
    }
  });

  it('says why it refused', async () => {
    expect(await checkPublicUrl('http://2130706433/', lookup)).toEqual({ public: false, reason: '127.0.0.1 is in the loopback range' });
    expect(await checkPublicUrl('http://rebind.example.net/', lookup)).toEqual({ public: false, reason: 'rebind.example.net resolves to 10.0.0.7, which is not public' });
    expect(await checkPublicUrl('http://unknown.example.net/', lookup)).toEqual({ public: false, reason: 'unknown.example.net could not be resolved (ENOTFOUND)' });
  });
});

// IPv6 forms that carry an IPv4 address: judged by the IPv4 (or refused outright where deprecated or
// local-use). Only verdicts here: nothing is sent anywhere.
describe('public address guard: IPv6 that carries IPv4', () => {
  const NON_PUBLIC_V4 = { loopback: '127.0.0.1', linkLocal: '169.254.169.254', private: '10.0.0.1', carrierGradeNat: '100.64.0.1', unspecified: '0.0.0.0' };
  /** The same IPv4 in every form that embeds one. */
  const forms = (v4: string): Record<string, string> => {
    const [a, b, c, d] = v4.split('.').map(Number) as [number, number, number, number];
    const hex = (x: number, y: number) => ((x << 8) | y).toString(16);
    const high = hex(a, b);
    const low = hex(c, d);
    const inverted = (x: number, y: number) => (((x << 8) | y) ^ 0xffff).toString(16);
    return {
      'IPv4-compatible': `::${v4}`,
      'IPv4-compatible (hex)': `::${high}:${low}`,
      'IPv4-mapped': `::ffff:${v4}`,
      'IPv4-mapped (hex)': `::ffff:${high}:${low}`,
      'IPv4-translated': `::ffff:0:${v4}`,
      NAT64: `64:ff9b::${v4}`,
      'NAT64 (hex)': `64:ff9b::${high}:${low}`,
      '6to4': `2002:${high}:${low}::1`,
      // Server 65.54.227.120 (public); the client is stored inverted in the last 32 bits.
      'Teredo client': `2001:0:4136:e378:8000:63bf:${inverted(a, b)}:${inverted(c, d)}`,
      'Teredo server': `2001:0:${high}:${low}:8000:63bf:3fff:fdd2`,
      ISATAP: `2a00:1450:4001:82a:0:5efe:${v4}`,
      'ISATAP (u bit)': `2a00:1450:4001:82a:200:5efe:${high}:${low}`,
    };
  };

  it('refuses every form carrying a loopback, link-local, private, CGNAT or unspecified IPv4', async () => {
    for (const [range, v4] of Object.entries(NON_PUBLIC_V4)) {
      for (const [form, address] of Object.entries(forms(v4))) {
        expect(isPublicAddress(address), `${form} ${address}`).toBe(false);
        const verdict = await checkPublicUrl(`http://[${address}]/`, lookup);
        expect(verdict.public, `${form} http://[${address}]/`).toBe(false);
        if (verdict.public) continue;
        expect(verdict.reason, `${form} ${address}`).toContain(`${range} range`);
        // ::0.0.0.0 is `::` itself, refused as unspecified without a carried address to name.
        if (address !== '::0.0.0.0' && address !== '::0:0') expect(verdict.reason, `${form} ${address}`).toContain(`carries ${v4} (`);
      }
    }
  });

  it('says which address a form carries and why it is refused', async () => {
    expect(await checkPublicUrl('http://[::127.0.0.1]/', lookup)).toEqual({ public: false, reason: '::7f00:1 carries 127.0.0.1 (IPv4-compatible), which is in the loopback range' });
    expect(await checkPublicUrl('http://[::169.254.169.254]/', lookup)).toEqual({
      public: false,
      reason: '::a9fe:a9fe carries 169.254.169.254 (IPv4-compatible), which is in the linkLocal range',
    });
    expect(await checkPublicUrl('http://[::10.0.0.1]/', lookup)).toEqual({ public: false, reason: '::a00:1 carries 10.0.0.1 (IPv4-compatible), which is in the private range' });
    expect(addressRefusal('2001:0:4136:e378:8000:63bf:80ff:fffe')).toBe('2001:0:4136:e378:8000:63bf:80ff:fffe carries 127.0.0.1 (Teredo), which is in the loopback range');
  });

  it('judges a form carrying a public IPv4 by that IPv4, and refuses the deprecated and local-use forms whatever they carry', () => {
    for (const address of ['64:ff9b::808:808', '64:ff9b::8.8.8.8', '::ffff:8.8.8.8', '::ffff:0:8.8.8.8', '2002:808:808::1', '2001:0:4136:e378:8000:63bf:f7f7:f7f7', '2a00:1450:4001:82a:0:5efe:808:808']) {
      expect(addressRefusal(address), address).toBeNull();
    }
    expect(addressRefusal('::8.8.8.8')).toMatch(/IPv4-compatible addresses \(::\/96\) are deprecated/);
    expect(addressRefusal('64:ff9b:1::808:808')).toMatch(/local-use NAT64/);
    expect(addressRefusal('64:ff9b:1:a00::')).toMatch(/local-use NAT64/);
  });

  it('refuses IPv6 outside global unicast and every special range, in any spelling', async () => {
    for (const address of ['4000::1', '1::1', '100::1', 'fec0::1', '5f00::1', '2001:db8::1', '2001:2::1', '::2:0:0:1', 'FE80:0000:0000:0000:0000:0000:0000:0001', 'FC00::0001']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const url of [
      'http://[0000:0000:0000:0000:0000:FFFF:7F00:0001]/',
      'http://[::FFFF:127.0.0.1]/',
      'http://[0:0:0:0:0:0:7f00:0001]/',
      'http://[::ffff:0:0a00:0001]/',
      'http://[0064:FF9B::0A00:0001]/',
      'http://[fe80::1%25eth0]/',
      'http://[fe80::1%eth0]/',
      'http://[2001:db8::1%25eth0]/',
    ]) {
      expect((await checkPublicUrl(url, lookup)).public, url).toBe(false);
    }
  });

  it('refuses zone ids and unparsable hosts, and reads names as names', () => {
    for (const text of ['fe80::1%eth0', '[fe80::1%25eth0]', '2606:2800:220:1:248:1893:25c8:1946%1', '1.2.3.4.5', 'a@b', '']) {
      expect(isPublicAddress(text), text).toBe(false);
    }
    expect(literalHostVerdict('[fe80::1%25eth0]')).toMatchObject({ public: false });
    expect(literalHostVerdict('2606:2800:220:1:248:1893:25c8:1946%eth0')).toMatchObject({ public: false });
    // Hex-looking names stay names (to be resolved and judged), dotted-hex IPv4 stays an address.
    expect(literalHostVerdict('deadbeef.cafe')).toBeNull();
    expect(literalHostVerdict('0x7f.1')).toEqual({ public: false, reason: '127.0.0.1 is in the loopback range' });
    expect(literalHostVerdict('[2606:2800:220:1:248:1893:25c8:1946]')).toEqual({ public: true, addresses: ['2606:2800:220:1:248:1893:25c8:1946'] });
  });
});

describe('camera URLs', () => {
  it('strips credentials from userinfo and the query', () => {
    expect(stripCredentials('http://admin:secret@93.184.216.34/snap.cgi?user=admin&pwd=secret&res=hd&u=a&p=b')).toBe('http://93.184.216.34/snap.cgi?res=hd');
    // Foscam, Axis/Hikvision spellings and tokens.
    expect(stripCredentials('http://93.184.216.34/videostream.cgi?loginuse=admin&loginpas=12345&rate=0')).toBe('http://93.184.216.34/videostream.cgi?rate=0');
    expect(stripCredentials('http://93.184.216.34/jpg/image.jpg?PW=x&Auth=y&token=z&access_token=t&resolution=640x480')).toBe(
      'http://93.184.216.34/jpg/image.jpg?resolution=640x480',
    );
  });

  it('hashes the normalised URL, so spellings of one camera dedup', () => {
    const a = cameraUrlHash('HTTP://Cams.Example.NET:80/snap.jpg?b=2&a=1#x');
    const b = cameraUrlHash('http://cams.example.net/snap.jpg?a=1&b=2&pwd=hunter2');
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(normaliseCameraUrl('http://user:pw@cams.example.net/x?p=1')).toBe('http://cams.example.net/x');
  });
});
