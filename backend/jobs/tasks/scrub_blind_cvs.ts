/**
 * scrub_blind_cvs: the backfill of blind CVs stored before a blind CV was scrubbed when attached
 * (features/talent/cv/storedPaths.ts). RaaS companies download the blind CV of a candidate they have not revealed, and
 * a file stored earlier still carries the metadata that names the candidate (PDF /Info, XMP, earlier revisions, notes'
 * authors; Word properties, comments, tracked changes, photos' EXIF). Candidates with a blind CV are walked in id
 * order, BATCH at a time: each file is read from storage, scrubbed in the CV reading thread within its limits (readCv
 * with `scrub`, as attaching does) and written back under its key (storage.replace). The job then queues itself for
 * the candidates after the last one it took, so a restart loses nothing and no one job runs long.
 * A file that cannot be scrubbed (missing, not a PDF or Word file, unreadable, encrypted, past the limits) is logged
 * with its candidate's id and left as it is; the walk goes on. Scrubbing a scrubbed file again changes nothing it
 * shows, and a file the scrub gives back byte for byte is not written at all. Queued once per database that holds
 * blind CVs by the migration 20261205114200_queue_scrub_of_stored_blind_cvs.
 */
import { buffer } from 'node:stream/consumers';
import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import { storageFor } from '../../adapters/storage/select';
import type { Config } from '../../config';
import type { CvType } from '../../services/documents/extractText';
import { cvLookups } from '../../services/documents/lookups';
import { readCv } from '../../services/documents/readCv';
import { queueJob } from '../../services/queue';
import { assertTaskPayload } from '../payload';

/** Candidates per job: at most BATCH files read, each within CV_READ_TIMEOUT_MS. */
export const BATCH = 20;
const TYPES: readonly string[] = ['pdf', 'docx'] satisfies CvType[];

type Outcome = 'scrubbed' | 'unchanged' | 'skipped' | 'moved';

/**
 * Writes the scrubbed bytes while candidate `id` still points at `key`: the candidate's row is held (an erasure or a
 * new blind CV waits) and the file's upload row locked (the purge of unused files skips it), so a file deleted
 * meanwhile is never written back.
 */
async function writeBack(db: Knex, config: Config, id: number, key: string, data: Buffer): Promise<boolean> {
  return db.transaction(async (trx) => {
    await trx.raw('select id from cv_uploads where key = ? for update', [key]);
    const { rows } = await trx.raw('select id from candidates where id = ? and blind_resume_path = ? for share', [
      id,
      key,
    ]);
    if (!rows.length) return false;
    await storageFor(config).replace(key, data);
    return true;
  });
}

async function scrubOne(
  db: Knex,
  config: Config,
  candidate: { id: number; key: string },
  warn: (message: string) => void,
): Promise<Outcome> {
  const { id, key } = candidate;
  const type = key.slice(key.lastIndexOf('.') + 1);
  if (!TYPES.includes(type)) {
    warn(`blind CV of candidate ${id} left as it is: not a PDF or Word file (${key})`);
    return 'skipped';
  }
  const stream = await storageFor(config).get(key);
  if (!stream) {
    warn(`blind CV of candidate ${id} left as it is: no file in storage (${key})`);
    return 'skipped';
  }
  const data = await buffer(stream);
  const read = await readCv(data, type as CvType, await cvLookups(db), config.cv, { scrub: true });
  if (!read.ok || !read.scrubbed) {
    const why = read.ok ? 'not scrubbed' : `${read.reason}${read.detail ? `: ${read.detail}` : ''}`;
    warn(`blind CV of candidate ${id} left as it is: it could not be scrubbed (${why})`);
    return 'skipped';
  }
  const scrubbed = Buffer.from(read.scrubbed);
  if (scrubbed.equals(data)) return 'unchanged';
  return (await writeBack(db, config, id, key, scrubbed)) ? 'scrubbed' : 'moved';
}

export function scrubBlindCvsTask(config: Config, pool: () => Knex): Task {
  return async (payload, helpers) => {
    assertTaskPayload('scrub_blind_cvs', payload);
    const db = pool();
    const afterId = payload?.afterId ?? 0;
    const { rows } = await db.raw<{ rows: { id: number; key: string }[] }>(
      `select id, blind_resume_path as key from candidates
        where blind_resume_path is not null and id > ? order by id limit ${BATCH}`,
      [afterId],
    );
    const counts: Record<Outcome, number> = { scrubbed: 0, unchanged: 0, skipped: 0, moved: 0 };
    const warn = (message: string) => helpers.logger.warn(message);
    for (const row of rows) counts[await scrubOne(db, config, row, warn)] += 1;
    const last = rows.at(-1)?.id;
    helpers.logger.info(
      `blind CVs of candidates ${afterId + 1}..${last ?? 'end'}: ${counts.scrubbed} scrubbed, ${counts.unchanged} ` +
        `already clean, ${counts.skipped} left as they are, ${counts.moved} replaced meanwhile`,
    );
    // The next batch, once this one's files are written; a short batch was the last.
    if (last !== undefined && rows.length === BATCH)
      await queueJob(db, 'scrub_blind_cvs', { afterId: last }, { jobKey: 'scrub_blind_cvs' });
  };
}
