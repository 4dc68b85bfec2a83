/** Secrets for codes and tokens: random, stored only as keyed hashes, compared in constant time. */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
export const newToken = () => randomBytes(32).toString('base64url');

/** HMAC with the server secret: a plain hash of 10^6 possible codes would be trivially reversed. */
export const hmac = (secret: string, value: string) => createHmac('sha256', secret).update(value).digest('hex');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
