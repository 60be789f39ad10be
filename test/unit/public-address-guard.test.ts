import { describe, expect, it } from 'vitest';
import { cameraUrlHash, normaliseCameraUrl, stripCredentials } from '../../server/cameras/camera-url.js';
import { checkPublicUrl, type AddressLookup } from '../../server/cameras/public-address-guard.js';

// DNS is the outside dependency here: a table stands in for it, so nothing leaves the machine.
const names: Record<string, string[]> = {
  'cams.example.net': ['93.184.216.34'],
  'rebind.example.net': ['93.184.216.34', '10.0.0.7'],
  'v6.example.net': ['2606:2800:220:1:248:1893:25c8:1946'],
  'mapped.example.net': ['::ffff:192.168.1.1'],
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
    for (const url of ['http://93.184.216.34:8080/mjpg/video.mjpg', 'http://cams.example.net/snap.jpg', 'http://v6.example.net/', 'http://[2606:2800:220:1:248:1893:25c8:1946]/']) {
      expect((await checkPublicUrl(url, lookup)).public, url).toBe(true);
    }
  });

  it('says why it refused', async () => {
    expect(await checkPublicUrl('http://2130706433/', lookup)).toEqual({ public: false, reason: '127.0.0.1 is in the loopback range' });
    expect(await checkPublicUrl('http://rebind.example.net/', lookup)).toEqual({ public: false, reason: 'rebind.example.net resolves to 10.0.0.7, which is not public' });
    expect(await checkPublicUrl('http://unknown.example.net/', lookup)).toEqual({ public: false, reason: 'unknown.example.net could not be resolved (ENOTFOUND)' });
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
