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
/** The purposes a candidate may withdraw and give again; the terms are accepted, by version, or the account is left. */
export const CHOSEN_PURPOSES = ['shownToCompanies', 'sentToAts', 'aiMatch', 'marketing'] as const;

/**
 * How a decision was made: at the candidate's first sign-in (candidates' accounts are opened by the
 * product's curators, so the first sign-in is when the person first agrees), on the profile page,
 * by an admin on the candidate's request received elsewhere, recorded for a profile that predates
 * consents, or at a sign-in after the notice changed.
 */
export const CONSENT_SOURCES = { firstSignIn: 1, profile: 2, admin: 3, existing: 4, noticeChange: 5 } as const;
export type ConsentSource = keyof typeof CONSENT_SOURCES;

/** SQL: candidate `alias` (any table whose `id` is the candidate's) withdrew consent to `purpose`. */
export const consentWithdrawnSql = (purpose: Exclude<ConsentPurpose, 'marketing' | 'terms'>, alias = 'c'): string =>
  `exists (select 1 from candidate_consents cw where cw.candidate_id = ${alias}.id and cw.purpose = ${CONSENT_PURPOSES[purpose]} and cw.granted = false)`;

/** SQL: candidate `alias` gave marketing consent (opt-in). */
export const marketingGrantedSql = (alias = 'c'): string =>
  `exists (select 1 from candidate_consents cm where cm.candidate_id = ${alias}.id and cm.purpose = ${CONSENT_PURPOSES.marketing} and cm.granted = true)`;
