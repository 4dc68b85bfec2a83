/**
 * POST candidates/cv-data: a PDF or DOCX CV (multipart `file`, optional `candidateId`) is read in
 * the CV reading thread into a draft profile, and the file is kept as a draft upload. The answer's
 * `newCvFilePathToDb` is the draft's reference: only its uploader can attach it to a profile (as
 * resumePath or blindResumePath, storedPaths.ts), and a draft no profile takes is deleted later.
 */
import { subject as asSubject } from '@casl/ability';
import { z } from 'zod';
import { entity } from '../../../../schema';
import type { AppAbility } from '../../../../schema/ability';
import { CV_FOLDER } from '../../../../schema/entities/talentOptions';
import { actorKey, actorRefs, roleNumber, type Actor } from '../../../../schema/roles';
import { id } from '../../../../schema/validation/inputs';
import { storageFor } from '../../../adapters/storage/select';
import { modelFor } from '../../../db/models';
import type { AppContext } from '../../../context';
import { defineEndpoint } from '../../../endpoints/define';
import { badRequest, forbidden, notFound } from '../../../errors';
import { logger } from '../../../logger';
import { sniffCvType } from '../../../services/documents/extractText';
import { DOCUMENT_UPLOAD } from '../../../services/documents/uploadSpec';
import { cvLookups } from '../../../services/documents/lookups';
import { READ_REFUSALS, readCv } from '../../../services/documents/readCv';
import { cvReads, takeRead } from '../../../services/documents/readLimits';
import { blindDraftOf } from './blindCv';

const candidate = entity('candidate');
const CvUpload = modelFor(entity('cvUpload'));

/** The profile a person's own uploads are for when they name none: a candidate's own. */
const ownProfileId = (actor: Actor) => actorRefs(actor).candidateId ?? undefined;

/**
 * Reads an uploaded CV into a draft profile for an existing candidate the caller may update (their
 * own, or one an admin edits) or for a new profile, and keeps the file as a draft upload.
 */
export async function readUploadedCv(
  ctx: Pick<AppContext, 'knex' | 'config'>,
  ability: AppAbility,
  actor: Actor,
  body: { candidateId?: number },
  file: Express.Multer.File | undefined,
) {
  // The CV is for an existing candidate (the candidate's own page, an admin editing), or for a new profile.
  const forId = body.candidateId ?? ownProfileId(actor);
  let owner: { id: number; guid: string } | undefined;
  if (forId) {
    owner = (await modelFor(candidate).query(ctx.knex).findById(forId).select('id', 'guid')) as unknown as
      { id: number; guid: string } | undefined;
    // A profile the caller may not update answers as one that does not exist: which ids exist is not told.
    if (!owner || !ability.can('update', asSubject(candidate.subject, { id: owner.id }), 'resumePath'))
      throw notFound();
  } else if (!ability.can('create', candidate.subject)) throw forbidden();

  const upload = file as Express.Multer.File;
  const type = sniffCvType(upload.buffer);
  if (!type || !upload.originalname.toLowerCase().endsWith(`.${type}`)) {
    throw badRequest({ file: 'upload.errors.unsupportedType' }, 'upload.errors.unsupportedType');
  }
  // Reading a CV costs a thread's time: each person gets a few readings per window (CV_UPLOADS_PER_WINDOW).
  // Refusals before this point, and a file refused on sight (active content, past the size), cost nothing.
  await takeRead(ctx, cvReads(ctx.config, actor), { data: upload.buffer, type, field: 'file' });
  const read = await readCv(upload.buffer, type, await cvLookups(ctx.knex), ctx.config.cv, { owner: actorKey(actor) });
  if (!read.ok) {
    if (read.reason === 'failed') logger.error({ detail: read.detail }, 'a CV could not be read');
    throw badRequest({ file: READ_REFUSALS[read.reason] }, READ_REFUSALS[read.reason]);
  }

  const storage = storageFor(ctx.config);
  const key = await storage.put(upload.buffer, { folder: CV_FOLDER, ext: type });
  try {
    await CvUpload.query(ctx.knex).insert({
      key,
      uploaderRole: roleNumber(actor),
      uploaderId: actor.id,
      candidateId: owner?.id ?? null,
      // The blind CV's part of the draft, so its downloads never read the file again (blindDraft.ts).
      blindDraft: blindDraftOf(read.draft),
    });
  } catch (err) {
    await storage.delete(key);
    throw err;
  }
  return {
    fileType: type,
    newCvFilePathToDb: key,
    userId: owner ? `${candidate.idPrefix}${owner.id}` : null,
    guid: owner?.guid ?? null,
    draft: read.draft,
  };
}

export const uploadCvEndpoint = defineEndpoint({
  method: 'post',
  path: '/candidates/cv-data',
  summary: 'Reads an uploaded CV into a draft profile and keeps the file as a draft',
  access: { action: 'update', subject: candidate.subject, field: 'resumePath' },
  upload: { field: 'file', ...DOCUMENT_UPLOAD, required: true },
  input: {
    body: z.object({
      candidateId: z.preprocess((v) => (v === '' || v === null ? undefined : v), id('candidate').optional()),
    }),
  },
  status: 201,
  handler: ({ body, actor, ability, file, ctx }) => readUploadedCv(ctx, ability, actor, body, file),
});
