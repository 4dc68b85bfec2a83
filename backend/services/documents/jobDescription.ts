/**
 * A job description file as it is kept, whether a project's own upload (projects/endpoints.ts) or one sent with
 * interview requests (interviews/send.ts): counted against the sender's document reads, read in the CV reading thread
 * and scrubbed of its metadata there (scrub.ts), since a confidential project's file must not name the company. Its
 * text is kept with it (projects.jd_text), so AI match and the requests read the file that is kept.
 */
import type { Knex } from 'knex';
import { actorKey, type Actor } from '../../../schema/roles';
import type { Config } from '../../config';
import { badRequest } from '../../errors';
import type { CvType } from './extractText';
import { cvLookups } from './lookups';
import { READ_REFUSALS, readCv } from './readCv';
import { jobDescriptionReads, takeRead } from './readLimits';

/** The most of a job description file's text kept in projects.jd_text. */
export const JD_TEXT_MAX = 200_000;

/**
 * The file without its metadata and its text (capped at JD_TEXT_MAX); a file that cannot be read is refused on
 * `field` ('upload.errors.tooComplex' or 'upload.errors.unreadable').
 */
export async function readJobDescription(
  ctx: { knex: Knex; config: Config },
  actor: Actor,
  data: Buffer,
  type: CvType,
  field: string,
): Promise<{ scrubbed: Buffer; text: string }> {
  const { knex, config } = ctx;
  await takeRead(ctx, jobDescriptionReads(config, actor), { data, type, field });
  const read = await readCv(data, type, await cvLookups(knex), config.cv, { scrub: true, owner: actorKey(actor) });
  if (!read.ok) {
    const key = READ_REFUSALS[read.reason];
    throw badRequest({ [field]: key }, key);
  }
  if (!read.scrubbed) throw new Error('the reading thread did not scrub the job description');
  return { scrubbed: Buffer.from(read.scrubbed), text: read.text.slice(0, JD_TEXT_MAX) };
}
