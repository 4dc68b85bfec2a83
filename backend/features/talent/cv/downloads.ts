/**
 * Candidate files for download. A company first has to reach the candidate (schema/rules/visibility.ts
 * through pipeline/reachAnywhere.ts), else 404; who may download what is then declared in the
 * candidate's permissions (action `download`, per field, with named conditions: RaaS companies only
 * blind CVs of visible, active candidates with a first name); anyone else gets 403 downloadForbidden.
 *   GET candidates/:id/cv        the CV as uploaded
 *   GET candidates/resume/:id    the blind CV: an admin-made one, or the anonymous profile (blindCv.ts)
 *   GET candidates/get-pdf?id=   the profile as a PDF
 * The two documents made on request count against the person's RATE_LIMIT_DOCUMENTS (429 beyond it).
 */
import type { Response } from 'express';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { entity } from '../../../../schema';
import { parseId } from '../../../../schema/lib/ids';
import { CANDIDATE_DOWNLOADS } from '../../../../schema/rules/downloads';
import { actorKey, type Actor } from '../../../../schema/roles';
import type { Limit } from '../../../auth/rateLimit';
import type { AppContext } from '../../../context';
import type { Config } from '../../../config';
import { storageFor } from '../../../adapters/storage/select';
import type { Row } from '../../../crud/serialize';
import { defineEndpoint, type RowAccess } from '../../../endpoints/define';
import { notFound } from '../../../errors';
import { sendStream } from '../../../http/sendStream';
import { reachesCandidate } from '../../pipeline';
import { blindDocument, blindFileName, blindRole } from './blindCv';
import { CV_CONTENT_TYPES, type CvType } from '../../../services/documents/extractText';
import { fileSlug } from './format';
import { renderProfile } from './pdf';
import { loadProfile, profileDocument } from './profile';
import { blindDraftFor } from './blindDraft';

const candidate = entity('candidate');

/**
 * Documents made for the download (a blind CV, a profile PDF) are rendered: one person gets RATE_LIMIT_DOCUMENTS of
 * them per window. A blind CV takes what the stored CV says from what its one reading kept (blindDraft.ts).
 */
const documentLimits = ({ actor, ctx }: { actor: Actor; ctx: AppContext }): Limit[] => [
  { key: `documents:${actorKey(actor)}`, max: ctx.config.rateLimit.documents },
];

/**
 * Any candidate row is loaded; a company that does not reach the candidate (the visibility rule:
 * its search, its projects' pipelines and suggested tabs) gets 404 like an unknown id; then the
 * download rule on the row decides (403 downloadForbidden).
 */
const downloadable = (field: string, from?: RowAccess['from']): RowAccess => ({
  entity: 'candidate',
  action: 'download',
  field,
  scope: false,
  forbidden: 'downloadForbidden',
  reach: ({ knex, ability, actor }, row) => reachesCandidate(knex, ability, actor, row.id as number),
  ...(from ? { from } : {}),
});

const typeOf = (key: string) => key.slice(key.lastIndexOf('.') + 1) as CvType;
const personSlug = (row: Row) => fileSlug(`${row.firstName ?? ''} ${row.lastName ?? ''}`) || String(row.guid);

function sendFile(
  res: Response,
  name: string,
  type: CvType,
  body: Buffer | Readable,
  onError: (err: unknown) => void,
): void {
  res.set({
    'Content-Type': CV_CONTENT_TYPES[type],
    'Content-Disposition': `attachment; filename="${name}.${type}"`,
    'Cache-Control': 'private, no-store',
  });
  if (Buffer.isBuffer(body)) res.send(body);
  else sendStream(res, body).catch(onError);
}

async function stored(config: Config, key: string | null | undefined): Promise<Readable | undefined> {
  return key ? storageFor(config).get(key) : undefined;
}

export const downloadEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/candidates/:id/cv',
    summary: "Downloads a candidate's CV as uploaded",
    access: 'signedIn',
    row: downloadable(CANDIDATE_DOWNLOADS.cv),
    raw: true,
    handler: async ({ row, ctx, res, next }) => {
      const key = row.resumePath as string | null;
      const stream = await stored(ctx.config, key);
      if (!key || !stream) throw notFound('cv.errors.notFound');
      sendFile(res, `${personSlug(row)}-cv`, typeOf(key), stream, next);
    },
  }),

  defineEndpoint({
    method: 'get',
    path: '/candidates/resume/:id',
    summary: "Downloads a candidate's blind CV",
    access: 'signedIn',
    row: downloadable(CANDIDATE_DOWNLOADS.blindCv),
    limits: documentLimits,
    raw: true,
    handler: async ({ row, ctx, actor, res, next }) => {
      const data = await loadProfile(ctx.knex, row);
      // A blind CV an admin made wins over the generated one.
      const blindKey = row.blindResumePath as string | null;
      const own = await stored(ctx.config, blindKey);
      if (blindKey && own) return sendFile(res, blindFileName(blindRole(data)), typeOf(blindKey), own, next);
      const key = row.resumePath as string | null;
      const cv = await stored(ctx.config, key);
      if (!key || !cv) throw notFound('cv.errors.notFound');
      // The CV fills in what the profile does not say (a draft without dates, a profile without history): what it
      // says was kept when it was first read (blindDraft.ts).
      const needsCv = !data.experiences.length || !row.summary || !data.skills.length || !data.educations.length;
      const draft = needsCv ? await blindDraftFor(ctx, actor, key, cv) : undefined;
      if (!needsCv) cv.destroy();
      const document = blindDocument(data, draft ? { draft } : undefined);
      sendFile(res, blindFileName(document.title), 'pdf', await renderProfile(document), next);
    },
  }),

  defineEndpoint({
    method: 'get',
    path: '/candidates/get-pdf',
    summary: "Downloads a candidate's profile as a PDF",
    access: 'signedIn',
    // As with ids in a path, an id that names no candidate is 404 (0 names nobody).
    input: { query: z.object({ id: z.unknown().transform((raw) => parseId(candidate, raw) ?? 0) }) },
    // The profile PDF carries contact details, so it needs the right to download them.
    row: downloadable(CANDIDATE_DOWNLOADS.pdf, { query: 'id' }),
    limits: documentLimits,
    raw: true,
    handler: async ({ row, ctx, res, next }) => {
      const document = profileDocument(await loadProfile(ctx.knex, row));
      sendFile(res, `${personSlug(row)}-profile`, 'pdf', await renderProfile(document), next);
    },
  }),
];
