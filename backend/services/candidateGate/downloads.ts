/**
 * Which of a candidate's downloads (schema/rules/downloads.ts) the caller may make: the one ability's `download` on
 * the field each route checks, over the candidate's facts (a RaaS company: of active, visible candidates with a first
 * name), and only of a file there is to send (the CV as uploaded needs one; the blind CV an admin-made one or the CV
 * it is made from), so a download offered is one the route answers 200 for, never a 403 or a 404. The facts come from
 * `heldSelect` (whether a first name and each CV are held) and the candidate's own columns: the gated values are
 * not read, so the conditions see whether one is held, never the value. The profile panel (search/profile.ts) and the
 * board's cards (pipeline/docs.ts) both answer through it.
 */
import { subject as asSubject } from '@casl/ability';
import type { AppAbility } from '../../../schema/ability';
import { CANDIDATE_DOWNLOADS, type CandidateDownload } from '../../../schema/rules/downloads';

/** The row in field names, for permission conditions (hasFirstName and the like): held or not, never the value. */
function subjectFacts(row: Record<string, unknown>): Record<string, unknown> {
  const facts = Object.fromEntries(
    Object.entries(row)
      .filter(([k]) => !k.startsWith('gate_'))
      .map(([k, v]) => [k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), v]),
  );
  const held = (yes: unknown) => (yes ? 'held' : null);
  return {
    ...facts,
    firstName: held(row.gate_has_first_name),
    resumePath: held(row.gate_has_resume),
    blindResumePath: held(row.gate_has_blind_resume),
  };
}

/** Each download: whether the caller may make it of the candidate `row` (its columns, with `heldSelect`'s). */
export function downloadsAllowed(
  row: Record<string, unknown>,
  ability: AppAbility,
): Record<CandidateDownload, boolean> {
  const facts = subjectFacts(row);
  const may = (kind: CandidateDownload) =>
    ability.can('download', asSubject('Candidate', { ...facts }), CANDIDATE_DOWNLOADS[kind]);
  return {
    pdf: may('pdf'),
    cv: Boolean(row.gate_has_resume) && may('cv'),
    blindCv: Boolean(row.gate_has_resume || row.gate_has_blind_resume) && may('blindCv'),
  };
}
