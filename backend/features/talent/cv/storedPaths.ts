/**
 * Which stored files a candidate may point at, checked inside the candidate's one write path (saveCandidate in ../candidates.ts):
 * resumePath and blindResumePath change only to a draft the writer uploaded (cv_uploads), for
 * this candidate or for a profile still to be created, and not taken before; the draft is marked
 * taken in the same transaction. Another person's storage key is refused, so nobody can download
 * someone else's file through their own profile. (Profile pictures are read-only fields that only
 * the account's picture upload writes: see f.picture in schema/lib/fields.ts.)
 * A draft that becomes a blind CV is rewritten there and then, under its key, without the metadata that would name
 * the candidate (services/documents/scrub.ts): RaaS companies download the blind CV before they reveal who it is, and
 * every blind CV is attached here, so none is kept with its PDF or Word properties.
 */
import { buffer } from 'node:stream/consumers';
import { entity } from '../../../../schema';
import { actorKey, roleNumber } from '../../../../schema/roles';
import type { Knex } from 'knex';
import type { Actor } from '../../../../schema/roles';
import { storageFor } from '../../../adapters/storage/select';
import type { Config } from '../../../config';
import { modelFor } from '../../../db/models';
import { badRequest } from '../../../errors';
import type { CvType } from '../../../services/documents/extractText';
import { cvLookups } from '../../../services/documents/lookups';
import { READ_REFUSALS, readCv } from '../../../services/documents/readCv';

const CV_FIELDS = ['resumePath', 'blindResumePath'] as const;

interface UploadRow {
  id: number;
  uploaderRole: number;
  uploaderId: number;
  candidateId: number | null;
  attachedAt: string | Date | null;
}

/**
 * The draft at `key` rewritten without its metadata, scrubbed in the CV reading thread within its limits; a file
 * that cannot be scrubbed (an encrypted PDF, one pdf-lib cannot parse) is refused as unreadable.
 */
async function scrubBlindCv(trx: Knex.Transaction, config: Config, actor: Actor, key: string): Promise<void> {
  const storage = storageFor(config);
  const stream = await storage.get(key);
  if (!stream) throw badRequest({ blindResumePath: 'blindResumePath.errors.notUploaded' });
  const type = key.slice(key.lastIndexOf('.') + 1) as CvType;
  const read = await readCv(await buffer(stream), type, await cvLookups(trx), config.cv, {
    scrub: true,
    owner: actorKey(actor),
  });
  if (!read.ok) {
    const reason = READ_REFUSALS[read.reason];
    throw badRequest({ blindResumePath: reason }, reason);
  }
  if (!read.scrubbed) throw new Error('the reading thread did not scrub the blind CV');
  await storage.replace(key, Buffer.from(read.scrubbed));
}

/**
 * Attaches the drafts a write names to candidate `id` (a new profile's id is reserved first), or refuses
 * the write with `<field>.errors.notUploaded`.
 */
export async function attachCvDrafts(
  trx: Knex.Transaction,
  data: Record<string, unknown>,
  { id, existing, actor, config }: { id: number; existing?: Record<string, unknown>; actor: Actor; config: Config },
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
    if (field === 'blindResumePath') await scrubBlindCv(trx, config, actor, key);
    await CvUpload.query(trx)
      .patch({ attachedAt: new Date().toISOString(), candidateId: id, updatedAt: new Date().toISOString() } as never)
      .where('id', upload.id);
  }
}
