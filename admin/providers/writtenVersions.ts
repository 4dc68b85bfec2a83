/**
 * The versions of records this console wrote itself: each update's answer (its record's `updatedAt`), noted by the data
 * provider. An edit form whose record moves to one of them saved it (and resets as react-admin does, its changes now
 * the record's); any other new version was written elsewhere, by another admin or the candidate
 * (admin/resources/RecordChanged.tsx). The latest 200 are kept.
 */
import type { Identifier, RaRecord } from 'react-admin';

const LIMIT = 200;
const written = new Set<string>();
const keyOf = (resource: string, id: Identifier, version: unknown) => `${resource}\n${String(id)}\n${String(version)}`;

export function noteWritten(resource: string, record: RaRecord | undefined): void {
  if (!record?.updatedAt) return;
  written.add(keyOf(resource, record.id, record.updatedAt));
  if (written.size > LIMIT) written.delete(written.values().next().value as string);
}

/** Whether `record` as it stands is the version this console's own save wrote. */
export const wroteVersion = (resource: string | undefined, record: RaRecord | undefined): boolean =>
  !!resource && !!record?.updatedAt && written.has(keyOf(resource, record.id, record.updatedAt));
