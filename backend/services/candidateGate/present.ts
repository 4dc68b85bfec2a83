/**
 * A candidate as one viewer may see them, made from the gate's masked columns (sql.ts): the name
 * and the links that go with the identity, the contact, and the label a screen, an email or a
 * notification shows when the name is withheld ("Anonymous candidate"), never the name itself.
 */
import { t } from '../../../i18n';
import { entity } from '../../../schema';
import { formatId } from '../../../schema/lib/ids';
import { linksShown, type CandidateLinks } from '../../../schema/rules/visibility';

const candidateEntity = entity('candidate');

/** A row read with `shownColumns`. */
export interface GateRow {
  gate_id: number;
  gate_sees_identity: boolean;
  gate_sees_contact: boolean;
  gate_admin_anonymous: boolean;
  gate_first_name: string | null;
  gate_last_name: string | null;
  gate_profile_pic: string | null;
  gate_linked_in_url: string | null;
  gate_email: string | null;
  gate_phone: string | null;
  gate_phone_whatsapp: boolean | null;
  gate_github_url: string | null;
  gate_stackoverflow_url: string | null;
  gate_dribbble_url: string | null;
  gate_portfolio_url: string | null;
  gate_resume_path: string | null;
  gate_blind_resume_path: string | null;
}

export interface ShownCandidate {
  id: string;
  /** The full name, or null when the viewer may not see it. */
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  /** What to print where the name would be: the name, or "Anonymous candidate". */
  label: string;
  /** The viewer does not see who this is. */
  anonymous: boolean;
  /** An admin sees the name of a candidate who hides it from companies: shown with care. */
  adminAnonymous: boolean;
  profilePic: string | null;
  links: Partial<CandidateLinks> | null;
  /** Email and phone, present only when the viewer sees the contact. */
  contact: { email: string | null; phone: string | null; phoneWhatsapp: boolean } | null;
  /** The stored CV paths when the viewer sees the contact (never sent as they are: downloads sign them). */
  documents: { resumePath: string | null; blindResumePath: string | null } | null;
}

export const anonymousLabel = (): string => t('search.page.anonymous');

export function present(row: GateRow): ShownCandidate {
  const identity = Boolean(row.gate_sees_identity);
  const contact = identity && Boolean(row.gate_sees_contact);
  const name = identity ? `${row.gate_first_name ?? ''} ${row.gate_last_name ?? ''}`.trim() || null : null;
  return {
    id: String(formatId(candidateEntity, row.gate_id)),
    name,
    firstName: identity ? row.gate_first_name : null,
    lastName: identity ? row.gate_last_name : null,
    label: name ?? anonymousLabel(),
    anonymous: !name,
    adminAnonymous: identity && Boolean(row.gate_admin_anonymous),
    profilePic: identity ? row.gate_profile_pic : null,
    links: linksShown(
      {
        linkedIn: row.gate_linked_in_url,
        github: row.gate_github_url,
        stackoverflow: row.gate_stackoverflow_url,
        dribbble: row.gate_dribbble_url,
        portfolio: row.gate_portfolio_url,
      },
      { identity, contact },
    ),
    contact: contact
      ? { email: row.gate_email, phone: row.gate_phone, phoneWhatsapp: Boolean(row.gate_phone_whatsapp) }
      : null,
    documents: contact ? { resumePath: row.gate_resume_path, blindResumePath: row.gate_blind_resume_path } : null,
  };
}

/** Who the candidate is, as a result, a profile or a card carries it (the same fields everywhere). */
export const identityFields = (shown: ShownCandidate) => ({
  firstName: shown.firstName,
  lastName: shown.lastName,
  name: shown.name,
  anonymous: shown.anonymous,
  profilePic: shown.profilePic,
  links: shown.links,
});

/** Drops the gate's columns from a row read beside other columns, so nothing masked or raw travels on. */
export function withoutGateColumns<T extends Record<string, unknown>>(row: T): Omit<T, keyof GateRow> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) if (!key.startsWith('gate_')) out[key] = value;
  return out as Omit<T, keyof GateRow>;
}
