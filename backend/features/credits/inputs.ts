/** zod inputs of the credit calls, with the spec's message keys (company.errors.required, noOfCredits.errors.*). */
import { z } from 'zod';
import { entity } from '../../../schema';
import { parseId } from '../../../schema/lib/ids';
import { expiryDateError, isWholeHalves, noOfCreditsError } from '../../../schema/rules/credits';
import { clientKey } from '../../../schema/validation/inputs';

/** An id of `entityName` whose absence is `<key>.errors.required` and whose bad form is `<key>.errors.invalid`. */
export const refOf = (entityName: string, key: string) =>
  z.unknown().transform((raw, ctx) => {
    if (raw === undefined || raw === null || raw === '') {
      ctx.addIssue({ code: 'custom', message: `${key}.errors.required` });
      return z.NEVER;
    }
    const parsed = typeof raw === 'string' || typeof raw === 'number' ? parseId(entity(entityName), raw) : undefined;
    if (parsed === undefined) {
      ctx.addIssue({ code: 'custom', message: `${key}.errors.invalid` });
      return z.NEVER;
    }
    return parsed;
  });

export const noOfCredits = z.unknown().transform((raw, ctx) => {
  const error = noOfCreditsError(raw);
  if (error) {
    ctx.addIssue({ code: 'custom', message: error });
    return z.NEVER;
  }
  return Number(raw);
});

export const expiryDate = z
  .unknown()
  .transform((raw, ctx) => {
    const error = expiryDateError(raw);
    if (error) {
      ctx.addIssue({ code: 'custom', message: error });
      return z.NEVER;
    }
    return raw === undefined || raw === null || raw === '' ? undefined : (raw as string);
  })
  .optional();

/**
 * A lot's updated amount as sent (PUT credit/:id): any number of whole halves here, since the lot's own
 * amount may hold a half; the ledger checks it against the lot (`updatedCreditsError`).
 */
export const lotCredits = z.unknown().transform((raw, ctx) => {
  if (raw === undefined || raw === null || raw === '') {
    ctx.addIssue({ code: 'custom', message: 'noOfCredits.errors.required' });
    return z.NEVER;
  }
  const n = typeof raw === 'string' || typeof raw === 'number' ? Number(raw) : Number.NaN;
  if (!isWholeHalves(n) || n < 0 || n > 100000) {
    ctx.addIssue({ code: 'custom', message: 'noOfCredits.errors.NotWholeNumber' });
    return z.NEVER;
  }
  return n;
});

/** A lot's updated expiry as sent: a real day here; the ledger checks the window when it changes (`updatedExpiryError`). */
export const lotExpiry = z
  .unknown()
  .transform((raw, ctx) => {
    if (raw === undefined || raw === null || raw === '') return undefined;
    if (expiryDateError(raw) === 'expiryDate.errors.invalid') {
      ctx.addIssue({ code: 'custom', message: 'expiryDate.errors.invalid' });
      return z.NEVER;
    }
    return raw as string;
  })
  .optional();

/** A purchase: companyId, userId, noOfCredits, discountAmount (the discount the buyer saw; the server prices it again). */
export const purchaseBody = z.object({
  companyId: refOf('company', 'company'),
  userId: refOf('companyUser', 'member'),
  noOfCredits,
  discountAmount: z.union([z.number(), z.string().max(20)]).optional(),
});

/** A card checkout: a purchase and the purchase modal's key, the same on each try of one checkout (`sameCheckout`). */
export const checkoutBody = purchaseBody.extend({ clientId: clientKey() });
