import { describe, expect, it } from 'vitest';
import { KeyCipher } from '../../server/keys/key-cipher.js';
import { maskKey, matchKeyFamily } from '../../server/keys/key-formats.js';

describe('key formats', () => {
  it('firms: 32 hexadecimal characters', () => {
    expect(matchKeyFamily('firms', '0123456789abcdef0123456789ABCDEF')?.name).toBe('FIRMS map key');
    for (const bad of ['0123456789abcdef0123456789abcde', '0123456789abcdef0123456789abcdefa', 'g123456789abcdef0123456789abcdef', '']) {
      expect(matchKeyFamily('firms', bad), bad).toBeNull();
    }
  });

  it('llm: each family is recognised and named', () => {
    const samples: Array<[string, string]> = [
      ['sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz012345', 'Anthropic'],
      ['sk-or-v1-0123456789abcdef0123456789abcdef', 'OpenRouter'],
      ['sk-proj-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789', 'OpenAI project'],
      ['gsk_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789', 'Groq'],
      ['sk-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789', 'OpenAI'],
    ];
    for (const [value, family] of samples) expect(matchKeyFamily('llm', value)?.name, value).toBe(family);
    for (const bad of ['sk-short', 'pk-AbCdEfGhIjKlMnOpQrStUvWxYz0123', 'gsk_with spaces in it 0123456789', 'sk-ant-']) {
      expect(matchKeyFamily('llm', bad), bad).toBeNull();
    }
  });

  it('telegram: digits, a colon and 35 characters', () => {
    expect(matchKeyFamily('telegram', '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw1')?.name).toBe('Telegram bot token');
    for (const bad of ['123456789:short', 'abc:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw1', '123456789AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw1', '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw1x']) {
      expect(matchKeyFamily('telegram', bad), bad).toBeNull();
    }
  });

  it('masks to the last four characters', () => {
    expect(maskKey('0123456789abcdef0123456789abcdef')).toBe('****cdef');
  });
});

describe('key cipher (AES-256-GCM)', () => {
  const cipher = new KeyCipher(Buffer.alloc(32, 7).toString('base64'));

  it('round-trips, with a fresh nonce each time', () => {
    const a = cipher.encrypt('sk-secret-value-123', 'llm');
    const b = cipher.encrypt('sk-secret-value-123', 'llm');
    expect(a.equals(b)).toBe(false);
    expect(a.includes(Buffer.from('sk-secret'))).toBe(false);
    expect(cipher.decrypt(a, 'llm')).toBe('sk-secret-value-123');
  });

  it('refuses a value moved to another provider or tampered with, and another data key', () => {
    const sealed = cipher.encrypt('0123456789abcdef0123456789abcdef', 'firms');
    expect(() => cipher.decrypt(sealed, 'llm')).toThrow();
    const tampered = Buffer.from(sealed);
    tampered.writeUInt8(tampered.readUInt8(tampered.length - 1) ^ 1, tampered.length - 1);
    expect(() => cipher.decrypt(tampered, 'firms')).toThrow();
    expect(() => new KeyCipher(Buffer.alloc(32, 8).toString('base64')).decrypt(sealed, 'firms')).toThrow();
    expect(() => new KeyCipher(Buffer.alloc(16).toString('base64'))).toThrow(/32 bytes/);
  });
});
