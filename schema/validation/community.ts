/**
 * Community sign-up's inputs (spec section 5, "Terms must be agreed"): every form (name and email,
 * magic link, the return from Google or LinkedIn) carries `agreeTerms`, true or 'true' as company
 * sign-up step 1 accepts it (signup.ts); anything else is refused at the field with
 * 'agreeTerms.errors.required'. The account records when it was agreed (community_users.terms_accepted_at).
 */
import { z } from 'zod';

/** The terms box: true (or 'true' from a form) or the field-level 'agreeTerms.errors.required'. */
export const agreeTerms = () =>
  z
    .unknown()
    .refine((v) => v === true || v === 'true', { message: 'agreeTerms.errors.required' })
    .transform(() => true as const);
