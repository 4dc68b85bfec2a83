/**
 * The digest's unsubscribe link: the subscription id signed with the server secret (HMAC), so it
 * works without a session and names only the one subscription it was written for. It needs no
 * expiry: all it can do is stop that digest.
 */
import { hmac, sameHash } from '../../auth/tokens';
import type { Config } from '../../config';

const sign = (config: Config, subscriptionId: number) => hmac(config.secret, `alerts-unsubscribe:${subscriptionId}`);

export const unsubscribeUrl = (config: Config, subscriptionId: number) =>
  `${config.publicUrl}/api/v1/alerts/unsubscribe?s=${subscriptionId}&t=${sign(config, subscriptionId)}`;

/** Whether `token` is the signature of `subscriptionId`. */
export function validToken(config: Config, subscriptionId: number, token: string): boolean {
  return /^[0-9a-f]{64}$/.test(token) && sameHash(sign(config, subscriptionId), token);
}
