/**
 * Which stored files a candidate may point at, checked inside the candidate's one write path (saveCandidate in ../candidates.ts):
 * resumePath and blindResumePath change only to a draft the writer uploaded (cv_uploads), for
 * this candidate or for a profile still to be created, and not taken before; the draft is marked
 * taken in the same transaction. Another person's storage key is refused, so nobody can download
 * someone else's file through their own profile. (Profile pictures are read-only fields that only
 * the account's picture upload writes: see f.picture in schema/lib/fields.ts.)
 */
import { entity } from '../../../../schema';
import { roleNumber } from '../../../../schema/roles';
import type { Knex } from 'knex';
import type { Actor } from '../../../../schema/roles';
import { modelFor } from '../../../db/models';
import { badRequest } from '../../../errors';

const CV_FIELDS = ['resumePath', 'blindResumePath'] as const;

interface UploadRow {
  id: number;
  uploaderRole: number;
  uploaderId: number;
  candidateId: number | null;
  attachedAt: string | Date | null;
}

/**
 * Attaches the drafts a write names to candidate `id` (a new profile's id is reserved first), or refuses
 * the write with `<field>.errors.notUploaded`.
 */
export async function attachCvDrafts(
  trx: Knex.Transaction,
  data: Record<string, unknown>,
  { id, existing, actor }: { id: number; existing?: Record<string, unknown>; actor: Actor },
): Promise<void> {
  const CvUpload = modelFor(entity('cvUpload'));
  for (const field of CV_FIELDS) {
    const key = data[field];
    if (typeof key !== 'string' || key === existing?.[field]) continue;
    // Locked, so the purge cannot delete the file while this write takes it.
    const upload = (await CvUpload.query(trx).where('key', key).forUpdate().first()) as unknown as
      UploadRow | undefined;
    const byWriter = Boolean(
      upload && actor?.id && upload.uploaderRole === roleNumber(actor) && upload.uploaderId === actor.id,
    );
    const forThis = upload?.candidateId == null || upload.candidateId === id;
    if (!upload || !byWriter || !forThis || upload.attachedAt)
      throw badRequest({ [field]: `${field}.errors.notUploaded` });
    await CvUpload.query(trx)
      .patch({ attachedAt: new Date().toISOString(), candidateId: id, updatedAt: new Date().toISOString() } as never)
      .where('id', upload.id);
  }
}
