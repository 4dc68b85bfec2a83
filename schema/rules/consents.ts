/**
 * Candidates' consents: what a candidate agreed to, by purpose, and the version of the terms and
 * privacy notice they accepted. The current decision per purpose is one row of candidate_consents;
 * every change is also written to the append-only data rights log. A purpose withdrawn takes
 * effect at once wherever the product reads candidates for it, through the SQL twin below:
 *   - shownToCompanies: companies no longer meet the candidate (search, profile, suggestions,
 *     pipelines and counts), as if the candidate were not active (visibility.ts statusSql);
 *   - sentToAts: the integrations sync no longer pushes or updates them in companies' ATSs;
 *   - aiMatch: AI match no longer retrieves them, and past runs no longer list them;
 *   - marketing: opt-in only: no row, or a withdrawn one, means no marketing mail.
 * A candidate with no row for a purpose other than marketing has not withdrawn it (profiles created
 * by admins or imports; the consents' migration recorded the existing candidates' as 'existing'), until they decide.
 */

/** The version of the terms and privacy notice in force; a candidate who accepted another is asked again at sign-in. */
export const PRIVACY_NOTICE_VERSION = '2026-12-01';

export const CONSENT_PURPOSES = { terms: 1, shownToCompanies: 2, sentToAts: 3, aiMatch: 4, marketing: 5 } as const;
export type ConsentPurpose = keyof typeof CONSENT_PURPOSES;
/**
 * The purposes a candidate may withdraw and give again. The terms are accepted by version, or declined: a candidate
 * who declines (a terms row not granted) is hidden from companies as if they withdrew `shownToCompanies`, and until
 * they accept the version in force may write nothing but their consents, their data rights and their sign-out
 * (mayWriteWithoutNotice); they may still download a copy of their data, ask to be erased, or sign out.
 */
export const CHOSEN_PURPOSES = ['shownToCompanies', 'sentToAts', 'aiMatch', 'marketing'] as const;

/**
 * How a decision was made: at the candidate's first sign-in (candidates' accounts are opened by the
 * product's curators, so the first sign-in is when the person first agrees), on the profile page,
 * by an admin on the candidate's request received elsewhere, recorded for a profile that predates
 * consents, or at a sign-in after the notice changed.
 */
export const CONSENT_SOURCES = { firstSignIn: 1, profile: 2, admin: 3, existing: 4, noticeChange: 5 } as const;
export type ConsentSource = keyof typeof CONSENT_SOURCES;

/**
 * SQL: candidate `alias` (any table whose `id` is the candidate's) withdrew consent to `purpose`; a candidate who
 * declined the notice counts as having withdrawn `shownToCompanies`.
 */
export const consentWithdrawnSql = (purpose: Exclude<ConsentPurpose, 'marketing' | 'terms'>, alias = 'c'): string => {
  const purposes =
    purpose === 'shownToCompanies'
      ? `${CONSENT_PURPOSES[purpose]}, ${CONSENT_PURPOSES.terms}`
      : CONSENT_PURPOSES[purpose];
  return `exists (select 1 from candidate_consents cw where cw.candidate_id = ${alias}.id and cw.purpose in (${purposes}) and cw.granted = false)`;
};

/** The API paths (under /api/v1) a candidate may write to while the notice in force is not accepted. */
const NOTICE_FREE_WRITES = ['/auth/', '/data-rights/'];
/** Whether a candidate who has not accepted the notice in force may make the write to `path` (under /api/v1). */
export const mayWriteWithoutNotice = (path: string): boolean => NOTICE_FREE_WRITES.some((p) => path.startsWith(p));

/** Where a candidate stands with the notice `inForce`, from their terms row. */
export function noticeStanding(
  terms: { granted: boolean; version: string | null } | undefined,
  inForce: string,
): 'accepted' | 'pending' | 'declined' {
  if (terms?.granted && terms.version === inForce) return 'accepted';
  return terms && !terms.granted ? 'declined' : 'pending';
}

/** SQL: candidate `alias` gave marketing consent (opt-in). */
export const marketingGrantedSql = (alias = 'c'): string =>
  `exists (select 1 from candidate_consents cm where cm.candidate_id = ${alias}.id and cm.purpose = ${CONSENT_PURPOSES.marketing} and cm.granted = true)`;
