/**
 * The talent calls outside ra-data-simple-rest: CV upload (multipart), file downloads (through
 * fetch, so a refusal shows as a message), and the bulk status change with its warning. The
 * session rides in its httpOnly cookie. Failures come back as Errors whose message is the
 * catalogue's text.
 */
import { t } from '../../../../i18n';
import type { CvUpload } from '../../../../ui/candidate-profile/cvFiles';
import type { LookupClient, SuggestedOption } from '../../../../ui/candidate-profile/lookups';
import { saveBlob } from '../../../../ui/api/saveBlob';
import { dataProvider } from '../../../providers/dataProvider';
import type { StatusOutcome } from '../../../providers/bulkStatus';
import { API_URL, httpClient } from '../../../providers/http';

export const consoleLookups: LookupClient = {
  list: async (resource, { filter, perPage, sort }) =>
    (
      await dataProvider.getList(resource, {
        filter,
        pagination: { page: 1, perPage },
        sort: { field: sort[0], order: sort[1] },
      })
    ).data as Record<string, unknown>[],
  suggest: async (path, q) =>
    (await httpClient(`${API_URL}/${path}/search?${new URLSearchParams({ q })}`)).json as SuggestedOption[],
};

export async function uploadCv(file: File, candidateId?: string): Promise<CvUpload> {
  const body = new FormData();
  if (candidateId) body.append('candidateId', candidateId);
  body.append('file', file);
  const { json } = await httpClient(`${API_URL}/candidates/cv-data`, { method: 'POST', body });
  return json as CvUpload;
}

export type TalentFile = 'cv' | 'blindCv' | 'profilePdf';

const fileUrl = (kind: TalentFile, id: string) =>
  kind === 'cv'
    ? `${API_URL}/candidates/${encodeURIComponent(id)}/cv`
    : kind === 'blindCv'
      ? `${API_URL}/candidates/resume/${encodeURIComponent(id)}`
      : `${API_URL}/candidates/get-pdf?id=${encodeURIComponent(id)}`;

/** Fetches a candidate's file and hands it to the browser as a download under the server's file name. */
export async function downloadTalentFile(kind: TalentFile, id: string): Promise<void> {
  const res = await fetch(fileUrl(kind, id), { credentials: 'same-origin' });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { error?: { code?: string; message?: string } };
    throw new Error(body.error?.message || t(body.error?.code ?? 'errors.internalServerError'));
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? `${kind}.pdf`;
  saveBlob(await res.blob(), name);
}

export type BulkStatusResult =
  ({ outcome: 'updated' } & StatusOutcome) | { outcome: 'selfChosen'; candidates: string[] };

/**
 * POST candidates/update/status: 409 names the candidates who chose their own status unless `confirm`. The answer
 * counts the rows changed, those that already had the status and those no longer there; a refusal is thrown in its
 * own words (the field's message, such as "Choose at most 500 candidates"), not the envelope's generic text.
 */
export async function bulkStatus(candidates: string[], status: number, confirm: boolean): Promise<BulkStatusResult> {
  const res = await fetch(`${API_URL}/candidates/update/status`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ candidates, status, confirm }),
    credentials: 'same-origin',
  });
  const body = (await res.json().catch(() => ({}))) as {
    updated?: number;
    unchanged?: number;
    gone?: string[];
    error?: { code?: string; message?: string; candidates?: string[]; fields?: Record<string, string> };
  };
  if (res.ok) {
    const updated = body.updated ?? candidates.length;
    return { outcome: 'updated', updated, unchanged: body.unchanged ?? 0, gone: body.gone ?? [] };
  }
  if (res.status === 409 && body.error?.code === 'candidates.errors.selfChosenStatus')
    return { outcome: 'selfChosen', candidates: body.error.candidates ?? [] };
  const field = Object.values(body.error?.fields ?? {})[0];
  throw new Error(field ? t(field) : body.error?.message || t(body.error?.code ?? 'errors.internalServerError'));
}

/** A bulk import as the API reports it (GET candidates/imports/:id). */
export interface CandidateImport {
  id: string;
  fileName: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  totalBytes: number;
  bytesRead: number;
  rows: number;
  created: number;
  updated: number;
  rejected: number;
  /** Rows imported that look like a profile already held or an earlier row, and the first of them. */
  likelyDuplicates: number;
  duplicates: ImportedTwinRow[];
  error: string | null;
  reportAvailable: boolean;
}

/** An imported row with its likely twins (their pairs wait in the duplicate queue). */
export interface ImportedTwinRow {
  row: number;
  email: string;
  candidateId: string;
  twins: { otherId: string; otherRow: number | null; reasons: string[]; confidence: number; pairId: number }[];
}

/** Uploads a CSV or JSON Lines file and starts its import (POST candidates/imports). */
export async function startImport(file: File): Promise<CandidateImport> {
  const body = new FormData();
  body.append('file', file);
  const { json } = await httpClient(`${API_URL}/candidates/imports`, { method: 'POST', body });
  return json as CandidateImport;
}

export async function importStatus(id: string): Promise<CandidateImport> {
  const { json } = await httpClient(`${API_URL}/candidates/imports/${encodeURIComponent(id)}`);
  return json as CandidateImport;
}

/** A recent import as the list reports it: without its twins, with the name of the admin who started it. */
export type ImportListItem = Omit<CandidateImport, 'duplicates'> & { startedBy: string | null; createdAt: string };

/** The most recent imports, newest first (GET candidates/imports). */
export async function recentImports(perPage = 10): Promise<ImportListItem[]> {
  const { json } = await httpClient(`${API_URL}/candidates/imports?page=1&perPage=${perPage}`);
  return (json as { data: ImportListItem[] }).data;
}

/** The rejection report's address; the session cookie goes along with a plain link. */
export const importReportUrl = (id: string) => `${API_URL}/candidates/imports/${encodeURIComponent(id)}/report`;
