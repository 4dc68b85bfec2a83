/**
 * A record asked for by one id that the server answered with another: a merged profile's id, which GET
 * /candidates/:id redirects to the profile it was merged into (backend/features/duplicates/redirect.ts; fetch follows
 * the 308), or an id written another way ('12' for 'Candidate:12'). react-admin's show and edit screens refuse a record
 * whose id is not the route's ("Fetched record's id must match the requested id"), so getOne answers such a record as
 * this error, carrying it: the screen then opens the record's own address (admin/resources/movedRecord.ts).
 */
import { HttpError, type Identifier, type RaRecord } from 'react-admin';

export interface Moved {
  requested: Identifier;
  record: RaRecord;
}

/** The status of the server's redirect, kept so no screen takes it for a failure to tell. */
export const MOVED_STATUS = 308;

export const movedRecord = (requested: Identifier, record: RaRecord) =>
  new HttpError('moved', MOVED_STATUS, { moved: { requested, record } satisfies Moved });

/** The record a getOne answered under another id, or undefined for any other error. */
export function movedOf(error: unknown): Moved | undefined {
  if (!(error instanceof HttpError) || error.status !== MOVED_STATUS) return undefined;
  return (error.body as { moved?: Moved } | undefined)?.moved;
}

/** The number an id names, whatever its prefix ('Candidate:12' and '12' both 12). */
const numberOf = (id: Identifier) => String(id).replace(/^.*:/, '');

/** True when the record is another one than the id asked for (a merge), not the same one written another way. */
export const isAnotherRecord = ({ requested, record }: Moved) => numberOf(requested) !== numberOf(record.id);
