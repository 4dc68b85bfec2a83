/**
 * Blind CVs stored before a blind CV was scrubbed when attached are scrubbed by the scrub_blind_cvs backfill, queued by
 * its migration and run by graphile-worker with the real task list: files put in storage as they were uploaded then
 * (no cv_uploads row, blind_resume_path written straight into the candidates) lose the metadata naming the candidate
 * and still read, a file that cannot be scrubbed is left as it is without stopping the walk, the walk goes past one
 * batch by queuing itself, and a second run harms nothing. The migration does nothing where graphile-worker's schema
 * is not there yet (a new database).
 */
import { strFromU8, unzipSync } from 'fflate';
import { Logger } from 'graphile-worker';
import { beforeAll, describe, expect, it } from 'vitest';
import { storageFor } from '../../backend/adapters/storage/select';
import { cvText } from '../../backend/services/documents/extractText';
import { BATCH } from '../../backend/jobs/tasks/scrub_blind_cvs';
import { taskList } from '../../backend/jobs/worker';
import { up } from '../../migrations/20261205114200_queue_scrub_of_stored_blind_cvs';
import { testApp, type TestApp } from '../helpers/app';
import { runJobsOnce } from '../helpers/jobs';
import { AUTHOR, docxWithMetadata, incrementallySaved, pdfWithInfo } from '../helpers/metadataFiles';

const LINES = ['Senior Backend Engineer', 'Experience', 'Led the card-issuing platform team.', 'Skills'];
const LIMITS = { maxUnpackedBytes: 16 * 1024 * 1024, maxTextChars: 100_000, maxPages: 40 };
const names = (data: Buffer | Uint8Array) => Buffer.from(data).toString('latin1').includes(AUTHOR);

describe('The backfill scrubs blind CVs stored before they were scrubbed when attached', () => {
  let t: TestApp;
  const lines: string[] = [];
  const ids: number[] = [];
  const keys = { pdf: '', docx: '', garbage: '' };
  const garbage = Buffer.from('%PDF-1.4 this is not a PDF at all, nor anything else');

  const read = async (key: string) => {
    const stream = await storageFor(t.config).get(key);
    if (!stream) throw new Error(`no file at ${key}`);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const pending = async () =>
    (
      await t.knex.raw<{ rows: { n: number }[] }>(
        "select count(*)::int as n from graphile_worker.jobs where task_identifier = 'scrub_blind_cvs'",
      )
    ).rows[0].n;
  const run = () =>
    runJobsOnce({
      connectionString: t.url,
      taskList: taskList(t.config, t.url),
      logger: new Logger(() => (level, message) => void lines.push(`${level}: ${message}`)),
      noHandleSignals: true,
    });

  beforeAll(async () => {
    t = await testApp();
    const storage = storageFor(t.config);
    keys.pdf = await storage.put(incrementallySaved(await pdfWithInfo(LINES)), { folder: 'cvs', ext: 'pdf' });
    keys.docx = await storage.put(await docxWithMetadata(LINES), { folder: 'cvs', ext: 'docx' });
    keys.garbage = await storage.put(garbage, { folder: 'cvs', ext: 'pdf' });
    // More candidates than one batch have a blind CV; the two to scrub come after the first batch, the garbage first.
    ids.push(
      ...(await t
        .knex('candidates')
        .orderBy('id')
        .limit(BATCH + 3)
        .pluck('id')),
    );
    expect(ids).toHaveLength(BATCH + 3);
    const missing = 'cvs/2020-01/00000000000000000000000000000000.pdf';
    await t.knex('candidates').whereIn('id', ids).update({ blind_resume_path: missing });
    await t.knex('candidates').where('id', ids[0]).update({ blind_resume_path: keys.garbage });
    await t
      .knex('candidates')
      .where('id', ids[BATCH + 1])
      .update({ blind_resume_path: keys.pdf });
    await t
      .knex('candidates')
      .where('id', ids[BATCH + 2])
      .update({ blind_resume_path: keys.docx });
  });

  it('the migration queues nothing, and fails not, where graphile-worker’s schema is not made yet', async () => {
    const trx = await t.knex.transaction();
    try {
      await trx.raw('alter schema graphile_worker rename to graphile_worker_aside');
      await up(trx);
    } finally {
      await trx.rollback();
    }
    expect(await pending()).toBe(0);
  });

  it('scrubs the PDF and the Word file in place; they still read; the garbage is left as it was', async () => {
    expect(names(await read(keys.pdf))).toBe(true);
    expect(Object.values(unzipSync(new Uint8Array(await read(keys.docx)))).some(names)).toBe(true);
    await up(t.knex);
    expect(await pending()).toBe(1);

    await run();

    expect(await pending()).toBe(0);
    const pdf = await read(keys.pdf);
    expect(names(pdf)).toBe(false);
    expect(pdf.toString('latin1')).not.toMatch(/\/Author|\/Creator|\/Info/);
    expect((await cvText(pdf, 'pdf', LIMITS)).text).toContain('Led the card-issuing platform team.');
    const docx = await read(keys.docx);
    for (const [name, part] of Object.entries(unzipSync(new Uint8Array(docx)))) {
      expect(names(part), name).toBe(false);
      expect(strFromU8(part, true), name).not.toMatch(/w:author=|dc:creator|cp:lastModifiedBy|Deleted secret/);
    }
    expect((await cvText(docx, 'docx', LIMITS)).text).toContain('Kept text inserted words commented.');
    expect(Buffer.compare(await read(keys.garbage), garbage)).toBe(0);
    // Every file left as it is is logged with its candidate's id; two batches ran and the second was the last.
    expect(lines.some((l) => l.startsWith('warning') && l.includes(`candidate ${ids[0]} `))).toBe(true);
    expect(lines.some((l) => l.includes(`candidate ${ids[1]} `) && l.includes('no file in storage'))).toBe(true);
    expect(lines.filter((l) => /blind CVs of candidates .*2 scrubbed/.test(l))).toHaveLength(1);
    expect(lines.filter((l) => l.startsWith('error'))).toEqual([]);
  });

  it('a second run harms nothing: the files stay clean and readable, the garbage untouched', async () => {
    const docx = await read(keys.docx);
    lines.length = 0;
    await up(t.knex);
    await run();

    expect(await pending()).toBe(0);
    // pdf-lib saves a scrubbed PDF once more with its trailer's /Size made exact; nothing else changes.
    const pdf = await read(keys.pdf);
    expect(names(pdf)).toBe(false);
    expect((await cvText(pdf, 'pdf', LIMITS)).text).toContain('Led the card-issuing platform team.');
    expect(Buffer.compare(await read(keys.docx), docx)).toBe(0);
    expect(Buffer.compare(await read(keys.garbage), garbage)).toBe(0);
    expect(lines.filter((l) => l.startsWith('error'))).toEqual([]);
  });

  it('refuses a payload that is not where a walk resumes', async () => {
    await t.knex.raw('select graphile_worker.add_job(\'scrub_blind_cvs\', \'{"afterId":"x"}\', max_attempts := 1)');
    await run();
    const { rows } = await t.knex.raw<{ rows: { last_error: string }[] }>(
      "select last_error from graphile_worker.jobs where task_identifier = 'scrub_blind_cvs'",
    );
    expect(rows.map((r) => r.last_error)).toEqual([expect.stringContaining('scrub_blind_cvs expects nothing, or')]);
  });
});
