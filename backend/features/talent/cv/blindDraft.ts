/**
 * What a blind CV takes from the stored CV, read once. The CV upload keeps it with the file (cv_uploads.blind_draft);
 * a file uploaded before that, or kept without an upload row, is read the first time its blind CV is downloaded and
 * what was read is kept then, so no later download costs the one thread that reads everyone's documents.
 */
import { buffer } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import { entity } from '../../../../schema';
import { actorKey, type Actor } from '../../../../schema/roles';
import type { Config } from '../../../config';
import type { Knex } from 'knex';
import { modelFor } from '../../../db/models';
import type { CvType } from '../../../services/documents/extractText';
import { cvLookups } from '../../../services/documents/lookups';
import { readCv } from '../../../services/documents/readCv';
import { blindDraftOf, type BlindDraft } from './blindCv';

const CvUpload = modelFor(entity('cvUpload'));

/** The blind draft of the CV at `key` (whose bytes `cv` streams); undefined when the reader failed on our side. */
export async function blindDraftFor(
  ctx: { knex: Knex; config: Config },
  actor: Actor,
  key: string,
  cv: Readable,
): Promise<BlindDraft | undefined> {
  const upload = (await CvUpload.query(ctx.knex).where('key', key).first()) as unknown as
    { id: number; blindDraft: BlindDraft | null } | undefined;
  if (upload?.blindDraft) {
    cv.destroy();
    return upload.blindDraft;
  }
  const type = key.slice(key.lastIndexOf('.') + 1) as CvType;
  const read = await readCv(await buffer(cv), type, await cvLookups(ctx.knex), ctx.config.cv, {
    owner: actorKey(actor),
  });
  // A file the reader refuses gives nothing, and is not read again; a failure of ours is tried again next time.
  if (!read.ok && read.reason === 'failed') return undefined;
  const draft = blindDraftOf(read.ok ? read.draft : undefined);
  if (upload)
    await CvUpload.query(ctx.knex)
      .patch({ blindDraft: draft } as never)
      .where('id', upload.id);
  return draft;
}
