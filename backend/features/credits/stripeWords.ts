/**
 * Stripe's values (a dispute's reason and status, a refund's status) in the words of the catalogue's `credits.stripe`,
 * for the admins' payment notices: a value Stripe adds later reads as the group's `other`, a missing one as `none`.
 */
import { hasText, t } from '../../../i18n';

type StripeValueKind = 'disputeReason' | 'disputeStatus' | 'refundStatus';

export function stripeWords(kind: StripeValueKind, value: string | null | undefined): string {
  const group = `credits.stripe.${kind}`;
  if (!value) return t(`${group}.none`);
  // Stripe's values are snake_case words; anything else is not looked up (a key path must not be steered).
  return /^[a-z_]+$/.test(value) && hasText(`${group}.${value}`) ? t(`${group}.${value}`) : t(`${group}.other`);
}
