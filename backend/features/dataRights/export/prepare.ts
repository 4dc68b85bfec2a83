/**
 * Preparing a copy of a candidate's data (the prepare_data_export job): each category read, the
 * stored documents added, all of it zipped (JSON files and the documents, with a README naming
 * them), stored privately, and a link emailed to the candidate that works until it expires. The
 * row's progress is written after each step, which the candidate's page shows. Only the link's
 * hash is kept; an earlier export's file is deleted when a new one is ready. A person erased while
 * their copy was prepared leaves no ZIP behind: it is deleted as soon as it is found unclaimed.
 */
import { buffer } from 'node:stream/consumers';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { Knex } from 'knex';
import { DATA_EXPORT_LINK_HOURS, DATA_EXPORT_STATUS } from '../../../../schema/rules/dataExport';
import { hmac, newToken } from '../../../auth/tokens';
import type { Config } from '../../../config';
import { storageFor } from '../../../adapters/storage/select';
import { logger } from '../../../logger';
import { ownContact } from '../../../services/candidateGate';
import { queueEmail } from '../../../services/mail/outbox';
import { logDataRights } from '../log';
import { collect, type Collected } from './collect';
import { exportReadyEmail } from './emails';

/** The link's hash as stored: keyed with the server's secret and bound to the export's id. */
export const linkHash = (config: Config, exportId: number, token: string) =>
  hmac(config.secret, `data-export:${exportId}:${token}`);
export const downloadLink = (config: Config, exportId: number, token: string) =>
  `${config.publicUrl}/api/v1/data-rights/exports/download?id=${exportId}&token=${token}`;

const json = (value: unknown) => strToU8(JSON.stringify(value, null, 2));

const README = (productName: string, at: Date) =>
  [
    `Everything ${productName} holds about you, as of ${at.toISOString()}.`,
    '',
    'profile.json        your profile, every field, including those our team keeps',
    'experience.json     your work experience',
    'education.json      your education',
    'documents.json      the documents stored for you; the files are in files/',
    'consents.json       what you agreed to, when and how (with our note of a request you made to us)',
    'companies.json      the companies whose projects you are on: when they revealed and shortlisted you, every move, a rejection’s reason',
    'interviews.json     interview and availability requests sent to you, your answers, and the time you booked',
    'notes.json          notes written about you, by our team or a company, including those only our team reads',
    'alerts.json         the saved-search alerts you appeared in: to our team or a company, when, and whether emailed',
    'ai-match.json       the AI-match runs you appeared in, with their scores and reasoning',
    'ats-pushes.json     your details sent to companies’ applicant tracking systems: which system, which company, when, the status the system last reported and since when (former: an application left under a job the project moved away from)',
    'insights.json       how often you appeared in searches and were viewed, by day, and by which company',
    'data-rights.json    your data rights requests: exports, corrections, erasure',
    'former-profiles.json  profiles of yours merged into this one: the details each held when merged',
    'messages.json       the emails and WhatsApp messages we sent you: subject or template, when, whether delivered',
    'account.json        your sign-ins (when, which browser), a change of email address, reminders when inactive',
  ].join('\n');

/** The archive's entries: JSON per category and the documents' bytes. */
async function archive(config: Config, data: Collected, at: Date): Promise<{ zip: Uint8Array; files: number }> {
  const storage = storageFor(config);
  const entries: Zippable = {
    'README.txt': strToU8(README(config.productName, at)),
    'profile.json': json(data.profile),
    'experience.json': json(data.experience),
    'education.json': json(data.education),
  };
  const documents: { kind: string; file: string | null }[] = [];
  for (const doc of data.documents) {
    const stream = await storage.get(doc.key).catch(() => undefined);
    if (stream) entries[doc.name] = [new Uint8Array(await buffer(stream)), { level: 0 }];
    documents.push({ kind: doc.kind, file: stream ? doc.name : null });
  }
  entries['documents.json'] = json(documents);
  for (const [name, value] of Object.entries(data.categories)) entries[`${name}.json`] = json(value);
  return { zip: zipSync(entries, { level: 6, mtime: at }), files: documents.filter((d) => d.file).length };
}

async function progress(knex: Knex, id: number, value: number, more: Record<string, unknown> = {}): Promise<void> {
  await knex('data_exports')
    .where('id', id)
    .update({ progress: value, updated_at: new Date(), ...more });
}

/** Prepares export `exportId`; a second run of a finished export does nothing. */
export async function prepareExport(knex: Knex, config: Config, exportId: number): Promise<void> {
  const row = await knex('data_exports').where('id', exportId).first();
  if (!row || row.status === DATA_EXPORT_STATUS.ready || row.status === DATA_EXPORT_STATUS.expired) return;
  await progress(knex, exportId, 5, { status: DATA_EXPORT_STATUS.preparing, error: null });
  try {
    const data = await collect(knex, row.candidate_id, (done, of) =>
      progress(knex, exportId, 5 + Math.round((done / of) * 55)),
    );
    if (!data) throw new Error('the candidate no longer exists');
    const at = new Date();
    const { zip, files } = await archive(config, data, at);
    await progress(knex, exportId, 90);
    const storage = storageFor(config);
    const key = await storage.put(Buffer.from(zip), { folder: 'data-exports', ext: 'zip' });
    // A ZIP no row points to (the person erased meanwhile, or finishing failed) goes at once.
    const older = await finish(knex, config, row, { key, size: zip.byteLength, files }).catch(async (err) => {
      await storage.delete(key).catch(() => undefined);
      throw err;
    });
    if (!older) {
      await storage.delete(key);
      logger.info({ exportId }, 'a data export was dropped: its candidate was erased while it was prepared');
      return;
    }
    for (const old of older) await storage.delete(old).catch(() => undefined);
  } catch (err) {
    logger.error({ err: (err as Error).message, exportId }, 'a data export could not be prepared');
    await progress(knex, exportId, 0, {
      status: DATA_EXPORT_STATUS.failed,
      error: (err as Error).message.slice(0, 2000),
    });
  }
}

/**
 * Marks the export ready with its link's hash, emails the link, logs it; returns the older exports'
 * files to delete, or undefined when the export is gone (its candidate erased while it was
 * prepared). The candidate is locked first, as an erasure locks it, so an erasure under way
 * finishes before this looks for the row.
 */
async function finish(
  knex: Knex,
  config: Config,
  row: { id: number; candidate_id: number },
  made: { key: string; size: number; files: number },
): Promise<string[] | undefined> {
  return knex.transaction(async (trx) => {
    await trx('candidates').where('id', row.candidate_id).forKeyShare().first('id');
    if (!(await trx('data_exports').where('id', row.id).forUpdate().first('id'))) return undefined;
    const token = newToken();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + DATA_EXPORT_LINK_HOURS * 3_600_000);
    await trx('data_exports')
      .where('id', row.id)
      .update({
        status: DATA_EXPORT_STATUS.ready,
        progress: 100,
        file_key: made.key,
        token_hash: linkHash(config, row.id, token),
        size: made.size,
        ready_at: now,
        expires_at: expiresAt,
        updated_at: now,
      });
    const older = (await trx('data_exports')
      .where('candidate_id', row.candidate_id)
      .whereNot('id', row.id)
      .whereNotNull('file_key')
      .pluck('file_key')) as string[];
    await trx('data_exports')
      .where('candidate_id', row.candidate_id)
      .whereNot('id', row.id)
      .where('status', DATA_EXPORT_STATUS.ready)
      .update({ status: DATA_EXPORT_STATUS.expired, file_key: null, updated_at: now });
    await trx('data_exports').where('candidate_id', row.candidate_id).whereNot('id', row.id).update({ file_key: null });
    const person = await ownContact(trx, row.candidate_id);
    if (person)
      await queueEmail(trx, {
        to: person.email,
        ...exportReadyEmail(config, person.firstName, downloadLink(config, row.id, token), expiresAt),
      });
    await logDataRights(trx, row.candidate_id, 'exported', undefined, {
      exportId: row.id,
      size: made.size,
      files: made.files,
    });
    return older;
  });
}
