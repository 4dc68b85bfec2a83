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

/**
 * The headers of a digest that let a mail program unsubscribe with one click (RFC 2369 and RFC
 * 8058): it POSTs `List-Unsubscribe=One-Click` to the signed link, no session and no page needed.
 */
export const oneClickHeaders = (config: Config, subscriptionId: number): Record<string, string> => ({
  'List-Unsubscribe': `<${unsubscribeUrl(config, subscriptionId)}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});
