/**
 * A request's answer token: 32 bytes of HMAC-SHA256 over the request's random guid with the server
 * secret (base64url), so the delivery job can write the links again without the token ever being
 * stored; the database keeps only its SHA-256. Single use comes from the request's state.
 */
import { createHmac } from 'node:crypto';
import { sha256 } from '../../auth/tokens';

export const requestToken = (secret: string, guid: string) =>
  createHmac('sha256', secret).update(`interview-request:${guid}`).digest('base64url');

export const tokenHash = (token: string) => sha256(token);

/** The shape of a token: 43 base64url characters (anything else is refused before the database is asked). */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
