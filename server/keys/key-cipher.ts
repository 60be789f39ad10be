// AES-256-GCM with a random nonce per value, under the data key held in the OS keychain.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export class KeyCipher {
  private readonly key: Buffer;

  constructor(dataKeyBase64: string) {
    this.key = Buffer.from(dataKeyBase64, 'base64');
    if (this.key.length !== 32) throw new Error('the data key must be 32 bytes');
  }

  /** nonce ‖ tag ‖ ciphertext; the provider id is bound in as associated data. */
  encrypt(plaintext: string, provider: string): Buffer {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    cipher.setAAD(Buffer.from(provider));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return Buffer.concat([nonce, cipher.getAuthTag(), ciphertext]);
  }

  decrypt(sealed: Buffer, provider: string): string {
    const nonce = sealed.subarray(0, NONCE_BYTES);
    const tag = sealed.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', this.key, nonce);
    decipher.setAAD(Buffer.from(provider));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }
}
