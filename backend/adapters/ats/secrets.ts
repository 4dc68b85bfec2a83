/**
 * Integration credentials at rest: AES-256-GCM with a fresh 12-byte IV per value, stored as
 * `v1.<iv>.<tag>.<ciphertext>` (base64url). The key is ATS_ENCRYPTION_KEY (32 bytes, base64 or
 * hex) or, without it, derived from APP_SECRET with HKDF, so a stolen database dump alone reads
 * nothing. A value that does not authenticate (another key, tampering) throws.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export function encryptionKey(configured: string | undefined, appSecret: string): Buffer {
  if (configured) {
    const key = /^[0-9a-f]{64}$/i.test(configured) ? Buffer.from(configured, 'hex') : Buffer.from(configured, 'base64');
    if (key.length !== 32) throw new Error('ATS_ENCRYPTION_KEY must be 32 bytes, in hex or base64');
    return key;
  }
  return Buffer.from(hkdfSync('sha256', appSecret, 'talentbase-ats', 'integration-credentials', 32));
}

export function seal(key: Buffer, value: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function open<T>(key: Buffer, sealed: string): T {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const text = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  return JSON.parse(text) as T;
}
