/**
 * The demo talent pool's recorded consents: every candidate accepted the terms and privacy notice
 * in force at their first sign-in (dated no earlier than that version) and agreed to be shown to companies, sent to their ATSs and
 * assessed by AI match; marketing is left to each (none chose it). Their last sign-in is the
 * seeding, so the retention periods count from there. Candidates with a decision are left alone.
 */
import type { Knex } from 'knex';
import { CONSENT_PURPOSES, CONSENT_SOURCES, PRIVACY_NOTICE_VERSION } from '../../schema/rules/consents';

export async function loadConsents(knex: Knex): Promise<Record<string, number>> {
  const purposes = [CONSENT_PURPOSES.shownToCompanies, CONSENT_PURPOSES.sentToAts, CONSENT_PURPOSES.aiMatch];
  const consents = await knex.raw(
    `insert into candidate_consents (candidate_id, purpose, granted, version, source, decided_at)
     select c.id, p.purpose, true, case when p.purpose = ? then ? end, ?, least(now(), greatest(c.created_at, ?::timestamptz))
       from candidates c cross join unnest(?::int[]) as p(purpose)
     on conflict (candidate_id, purpose) do nothing`,
    [
      CONSENT_PURPOSES.terms,
      PRIVACY_NOTICE_VERSION,
      CONSENT_SOURCES.firstSignIn,
      // Accepted no earlier than the version existed (a version named by its date).
      /^\d{4}-\d{2}-\d{2}$/.test(PRIVACY_NOTICE_VERSION) ? PRIVACY_NOTICE_VERSION : null,
      [CONSENT_PURPOSES.terms, ...purposes],
    ],
  );
  const activity = await knex.raw(
    `insert into candidate_activity (candidate_id, last_active_at) select id, now() from candidates
     on conflict (candidate_id) do nothing`,
  );
  return { consents: consents.rowCount ?? 0, activity: activity.rowCount ?? 0 };
}
