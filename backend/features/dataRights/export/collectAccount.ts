/**
 * The parts of a candidate's copy about their account rather than their profile: the profiles that
 * were merged into theirs (what each held when merged, as the merge's record keeps it; the erasure
 * treats them as the person's too, so the copy shows them), the messages the product sent to their
 * addresses and numbers (an email's subject, a WhatsApp template, when, whether delivered; never
 * the text of another person's message), their sign-ins (when, from which browser), a change of
 * address still waiting for its code, the addresses and numbers they replaced, the inactivity
 * reminders and archiving, and their own data rights history (requests, consents given and
 * withdrawn, corrections asked for and answered).
 */
import type { Knex } from 'knex';
import { CONSENT_PURPOSES, CONSENT_SOURCES } from '../../../../schema/rules/consents';
import { DATA_RIGHTS_ACTIONS } from '../../../../schema/rules/dataRights';
import { CORRECTION_STATUS } from '../../../../schema/rules/dataExport';
import { FORMER_IDENTIFIER_KIND } from '../../../../schema/entities/internal/candidateFormerIdentifier';
import { formerIdentifiers, formerProfiles } from '../eraseScope';
import { personIds } from '../../duplicates';
import { ownContact } from '../../../services/candidateGate';
import { iso, nameOf } from './words';
const DELIVERY = ['queued', 'sent', 'stored', 'failed'] as const;
const delivery = (status: unknown) => DELIVERY[Number(status)] ?? String(status);
const CANDIDATE_ACTOR = 3;

/** A merged profile's own details, as the API names them; its files were not kept. */
const PROFILE_FIELDS: [string, string][] = [
  ['first_name', 'firstName'],
  ['last_name', 'lastName'],
  ['email', 'email'],
  ['phone', 'phone'],
  ['linked_in_url', 'linkedInUrl'],
  ['github_url', 'githubUrl'],
  ['stackoverflow_url', 'stackoverflowUrl'],
  ['dribbble_url', 'dribbbleUrl'],
  ['portfolio_url', 'portfolioUrl'],
  ['summary', 'summary'],
];

/** Every profile merged into this one, and this one as it was before each merge. */
export async function formerProfilesOf(knex: Knex, candidateId: number) {
  const profiles = await knex.transaction((trx) => formerProfiles(trx, candidateId));
  return profiles.map((p) =>
    Object.fromEntries(PROFILE_FIELDS.filter(([column]) => p[column] != null).map(([c, name]) => [name, p[c]])),
  );
}

/**
 * The person's addresses and numbers: this profile's, those it had before a change, and every merged
 * profile's (less any another candidate holds now: their mail is not this person's).
 */
async function addressesOf(knex: Knex, candidateId: number) {
  const current = await ownContact(knex, candidateId);
  const former = await knex.transaction(async (trx) => [
    ...(await formerProfiles(trx, candidateId)),
    ...(await formerIdentifiers(trx, candidateId)),
  ]);
  const all = [current, ...former] as { email?: unknown; phone?: unknown }[];
  const emails = [...new Set(all.map((p) => String(p.email ?? '').toLowerCase()).filter(Boolean))];
  const phones = [...new Set(all.map((p) => String(p.phone ?? '').replace(/\D/g, '')).filter(Boolean))];
  return { emails, phones };
}

/** The emails and WhatsApp messages sent to the person: what, when, delivered or not. */
export async function messagesOf(knex: Knex, candidateId: number) {
  const { emails, phones } = await addressesOf(knex, candidateId);
  const mail = emails.length
    ? await knex('outbox_emails')
        .whereRaw('lower("to") = any(?::text[])', [emails])
        .orderBy('id')
        .select('to', 'subject', 'status', 'created_at', 'sent_at')
    : [];
  const whatsapp = await knex('whatsapp_messages as w')
    .where((q) => {
      q.whereIn('w.interview_request_id', knex('interview_requests').select('id').where('candidate_id', candidateId));
      q.orWhereIn('w.qualify_request_id', knex('qualify_requests').select('id').where('candidate_id', candidateId));
      if (phones.length) q.orWhereRaw(`regexp_replace(w."to", '\\D', '', 'g') = any(?::text[])`, [phones]);
    })
    .orderBy('w.id')
    .select('w.to', 'w.template', 'w.status', 'w.created_at', 'w.sent_at');
  return {
    emails: mail.map((m) => ({
      to: m.to,
      subject: m.subject,
      delivery: delivery(m.status),
      at: iso(m.sent_at ?? m.created_at),
    })),
    whatsapp: whatsapp.map((m) => ({
      to: m.to,
      template: m.template,
      delivery: delivery(m.status),
      at: iso(m.sent_at ?? m.created_at),
    })),
  };
}

/** Sign-ins, an address change waiting for its code, and the inactivity reminders. */
export async function accountOf(knex: Knex, candidateId: number) {
  const sessions = await knex('sessions')
    .where('actor_kind', CANDIDATE_ACTOR)
    .whereIn('actor_id', personIds(knex, candidateId))
    .orderBy('id')
    .select('created_at', 'last_seen_at', 'expires_at', 'user_agent');
  const changes = await knex('candidate_email_changes')
    .where('candidate_id', candidateId)
    .orderBy('id')
    .select('new_email', 'created_at', 'expires_at', 'used_at');
  const former = await knex('candidate_former_identifiers')
    .where('candidate_id', candidateId)
    .orderBy('id')
    .select('kind', 'value', 'created_at');
  const activity = await knex('candidate_activity')
    .where('candidate_id', candidateId)
    .first('last_active_at', 'reminded_at', 'archived_at');
  return {
    signIns: sessions.map((s) => ({
      signedInAt: iso(s.created_at),
      lastSeenAt: iso(s.last_seen_at),
      expiresAt: iso(s.expires_at),
      browser: s.user_agent ?? null,
    })),
    addressChanges: changes.map((c) => ({
      newEmail: c.new_email,
      askedAt: iso(c.created_at),
      codeExpiresAt: iso(c.expires_at),
      confirmedAt: iso(c.used_at),
    })),
    replaced: former.map((f) => ({
      kind: f.kind === FORMER_IDENTIFIER_KIND.email ? 'email' : 'phone',
      value: f.value,
      replacedAt: iso(f.created_at),
    })),
    activity: activity
      ? {
          lastActiveAt: iso(activity.last_active_at),
          remindedAt: iso(activity.reminded_at),
          archivedForInactivityAt: iso(activity.archived_at),
        }
      : null,
  };
}

/** Which consent a log entry is about, in words; never the entry's other details (admins' notes, reasons). */
function consentOf(detail: unknown) {
  const d = (typeof detail === 'string' ? JSON.parse(detail) : (detail ?? {})) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  if (d.purpose != null) out.purpose = typeof d.purpose === 'number' ? nameOf(CONSENT_PURPOSES, d.purpose) : d.purpose;
  if (d.source != null) out.source = typeof d.source === 'number' ? nameOf(CONSENT_SOURCES, d.source) : d.source;
  if (d.version != null) out.version = d.version;
  return out;
}

export async function dataRightsOf(knex: Knex, candidateId: number) {
  const log = await knex('data_rights_logs').whereIn('candidate_id', personIds(knex, candidateId)).orderBy('id');
  const corrections = await knex('data_corrections').where('candidate_id', candidateId).orderBy('id');
  return {
    log: log.map((l) => ({
      action: nameOf(DATA_RIGHTS_ACTIONS, l.action),
      ...consentOf(l.detail),
      at: iso(l.created_at),
    })),
    corrections: corrections.map((c) => ({
      field: c.field,
      proposedValue: c.proposed_value,
      note: c.note,
      status: nameOf(CORRECTION_STATUS, c.status),
      answer: c.answer,
      askedAt: iso(c.created_at),
      answeredAt: iso(c.answered_at),
    })),
  };
}
