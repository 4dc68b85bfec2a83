import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { importCandidates } from '../../backend/features/talent';
import { listOutbox } from '../../backend/services/mail/outbox';
import { maySkipTriggers, prepareCandidate, writeCandidates } from '../../backend/features/talent';
import { modelFor } from '../../backend/db/models';
import { entity } from '../../schema';
import { testApp, type TestApp } from '../helpers/app';
import { tempDirUntilFileEnd } from '../helpers/fileEnd';
import { importPerson } from '../helpers/talentImport';

/** `npm run import` is `tsx scripts/import.ts`: run without npm's own start-up in front of it. */
const TSX = path.resolve(import.meta.dirname, '../../node_modules/.bin/tsx');

const SAMPLE = path.resolve(import.meta.dirname, '../../seeds/import/sample-candidates.csv');
const HEADER =
  'email,firstName,lastName,currentLocation,preferredLocations,jobTitles,typeOfEmployment,expectedSalary,noticePeriod,skills,experiences';
const exp = (e: object[]) => `"${JSON.stringify(e).replace(/"/g, '""')}"`;
// Every row one person: the same name at the same employer would be a likely duplicate, whatever the title.
const ok = (email: string, extra: Partial<Record<'salary' | 'skills' | 'experiences', string>> = {}) =>
  `${email},Ana,Lim,Singapore (SG),Singapore (SG):1,Software Engineer,1,${extra.salary ?? '7000'},1:1,${extra.skills ?? 'TypeScript*; React'},${extra.experiences ?? exp([{ title: `Engineer ${email.split('@')[0]}`, company: `Acme ${email.split('@')[0]}`, startDate: '2018-01-01', currentPosition: true }])}`;

describe('Bulk import of candidates', () => {
  let t: TestApp;
  let dir: string;
  let admin: string;

  const run = async (name: string, content: string) => {
    const file = path.join(dir, name);
    await writeFile(file, content);
    const result = await importCandidates({ file, knex: t.knex, connectionString: t.url });
    const report = await readFile(result.reportPath, 'utf8');
    return { result, report: report.trim().split('\n').slice(1) };
  };
  const candidateRow = (email: string) => t.knex('candidates').where('email', email).first();

  beforeAll(async () => {
    t = await testApp();
    dir = tempDirUntilFileEnd('talent-import');
    admin = await t.login('admin@example.com');
  });

  it('The sample file imports completely, with experience, education, skills and lookups resolved by name', async () => {
    const result = await importCandidates({
      file: SAMPLE,
      knex: t.knex,
      connectionString: t.url,
      reportPath: path.join(dir, 'sample.rejected.csv'),
    });
    expect(await readFile(result.reportPath, 'utf8'), 'report').toBe('row,email,reasons\n');
    expect(result).toMatchObject({ rows: 3, created: 3, updated: 0, rejected: 0 });
    const row = await candidateRow('aisha.rahman@sample.example.com');
    const res = await t.http
      .get(`/api/v1/candidates/Candidate:${row.id}`)
      .set('Authorization', `Bearer ${admin}`)
      .expect(200);
    expect(res.body).toMatchObject({
      firstName: 'Aisha',
      expectedSalary: 9500,
      noticePeriod: { type: 1, option: 2 },
      typeOfEmployment: [1, 2],
      linkedInUrl: 'https://linkedin.com/in/aisha-rahman',
    });
    expect(res.body.skills.filter((s: { isStar: boolean }) => s.isStar)).toHaveLength(3);
    expect(res.body.experiences.map((e: { company: string }) => e.company)).toEqual(['Airwallex', 'Grab']);
    expect(res.body.educations[0].institute).toBe('National University of Singapore');
    expect(res.body.tags).toHaveLength(2);
    expect(res.body.ownerId).toMatch(/^Admin:/);
  });

  it('Malformed rows are reported with their row number and reasons, and none of them is written, not even in part', async () => {
    const lines = [
      HEADER,
      ok('good.one@import.example.com'),
      ok('not-an-email'),
      ok('no.salary@import.example.com', { salary: '' }),
      ok('bad.skill@import.example.com', { skills: 'TypeScript; Basket Weaving' }),
      ok('bad.history@import.example.com', {
        experiences: exp([{ title: 'Engineer', company: 'Acme', startDate: '2016-01-01', endDate: '2015-01-01' }]),
      }),
      ok('broken.json@import.example.com', { experiences: '"[{oops"' }),
      'short.row@import.example.com,Too,Few',
      ok('good.one@import.example.com'),
      ok('admin@example.com'),
      ok('good.two@import.example.com'),
    ];
    const { result, report } = await run('malformed.csv', `${lines.join('\n')}\n`);
    expect(result).toMatchObject({ rows: 10, created: 2, updated: 0, rejected: 8 });
    const byRow = Object.fromEntries(report.map((line) => [Number(line.split(',')[0]), line]));
    expect(
      Object.keys(byRow)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
    // Each reason names the field by its label and says what is wrong as the form does, never a message key.
    expect(byRow[3]).toContain('Email: Enter a valid email address');
    expect(byRow[4]).toContain('Expected minimum basic salary: Enter the expected minimum basic salary');
    // An unknown name is reported with the nearest names the lookup holds.
    expect(byRow[5]).toMatch(/Skills: Not found: no match for 'Basket Weaving' \(nearest: [^)]+\)/);
    expect(byRow[6]).toContain('Experience 1, end date: The end is before the start');
    expect(byRow[7]).toContain('Experience: Not valid JSON: write the entries as a JSON list');
    expect(byRow[8]).toContain('Row: expected 11 cells, found 3');
    expect(byRow[9]).toContain('Email: This email is on an earlier row of the file: row 2');
    expect(byRow[10]).toContain('Email: Email already exists');
    for (const line of report) expect(line).not.toMatch(/\w\.errors\.\w/);
    for (const email of ['no.salary', 'bad.skill', 'bad.history', 'broken.json', 'short.row'])
      expect(await candidateRow(`${email}@import.example.com`)).toBeUndefined();
    expect(await candidateRow('good.two@import.example.com')).toBeDefined();
    const orphans = await t
      .knex('candidate_experiences as e')
      .leftJoin('candidates as c', 'c.id', 'e.candidate_id')
      .whereNull('c.id')
      .count({ n: '*' });
    expect(Number(orphans[0].n)).toBe(0);
  });

  it('A known email updates the candidate: given cells change, blank cells keep their values, a new history replaces the old', async () => {
    await run('first.csv', `${HEADER}\n${ok('update.me@import.example.com')}\n`);
    const before = await candidateRow('update.me@import.example.com');
    const next = `${HEADER}\n${ok('update.me@import.example.com', {
      salary: '8800',
      skills: '',
      experiences: exp([
        { title: 'Lead', company: 'Initech', startDate: '2020-01-01' },
        { title: 'Engineer', company: 'Acme', startDate: '2015-01-01', endDate: '2019-12-31' },
      ]),
    })}\n`;
    const { result, report } = await run('second.csv', next);
    expect(report).toEqual([]);
    expect(result).toMatchObject({ created: 0, updated: 1, rejected: 0 });
    const after = await candidateRow('update.me@import.example.com');
    expect(after.id).toBe(before.id);
    expect(after.expected_salary).toBe(8800);
    expect(after.skills).toEqual(before.skills);
    const companies = await t
      .knex('candidate_experiences')
      .where('candidate_id', after.id)
      .orderBy('start_date', 'desc')
      .pluck('company');
    expect(companies).toEqual(['Initech', 'Acme']);
  });

  it('JSON Lines files import too, with lists as arrays', async () => {
    const line = importPerson('jsonl.person@import.example.com', {
      languages: ['English:expert'],
      educations: [{ institute: 'Singapore Polytechnic', startYear: 2012, endYear: 2015 }],
    });
    const { result, report } = await run('people.jsonl', `${JSON.stringify(line)}\n\nnot json\n`);
    expect(result).toMatchObject({ rows: 2, created: 1, rejected: 1 });
    expect(report).toEqual(['3,,Row: not valid JSON']);
    expect((await candidateRow('jsonl.person@import.example.com')).languages).toEqual([
      { languageId: expect.any(Number), level: 3 },
    ]);
  });

  it.each([
    ['checked in parallel by two threads', 2],
    ['checked in the importing thread', 0],
  ])(
    'Across small batches %s, an email belongs to its first row, even a refused one, and the report follows the file',
    async (_, threads) => {
      const lines = [
        HEADER,
        ok(`first.a.${threads}@import.example.com`),
        ok(`first.b.${threads}@import.example.com`, { salary: '' }),
        ok(`first.c.${threads}@import.example.com`),
        ok(`first.a.${threads}@import.example.com`, { salary: '9999' }),
        ok(`first.b.${threads}@import.example.com`),
        ok(`first.d.${threads}@import.example.com`),
        ok(`first.c.${threads}@import.example.com`),
        ok('member@acme.example.com'),
      ];
      const file = path.join(dir, `batches-${threads}.csv`);
      await writeFile(file, `${lines.join('\n')}\n`);
      const result = await importCandidates({ file, knex: t.knex, connectionString: t.url, batchSize: 2, threads });
      const report = (await readFile(result.reportPath, 'utf8')).trim().split('\n').slice(1);
      expect(result).toMatchObject({ rows: 8, created: 3, updated: 0, rejected: 5 });
      expect(report.map((line) => Number(line.split(',')[0]))).toEqual([3, 5, 6, 8, 9]);
      expect(report[0]).toContain('Expected minimum basic salary: Enter the expected minimum basic salary');
      expect(report[1]).toContain('Email: This email is on an earlier row of the file: row 2');
      expect(report[2]).toContain('Email: This email is on an earlier row of the file: row 3');
      expect(report[3]).toContain('Email: This email is on an earlier row of the file: row 4');
      expect(report[4]).toContain('Email: Email already exists');
      expect((await candidateRow(`first.a.${threads}@import.example.com`)).expected_salary).toBe(7000);
      expect(await candidateRow(`first.b.${threads}@import.example.com`)).toBeUndefined();
      expect(await candidateRow(`first.d.${threads}@import.example.com`)).toBeDefined();
    },
    // Two reading threads each load the product before their first batch: 9 to 12 s alone, past 30 s on a loaded host.
    90_000,
  );

  it('Batches written side by side leave every search document and every tag count true, and report the twins they wrote', async () => {
    const tags = (await t.knex('tags').whereIn('identifier', ['toptalent', 'verified']).select('id', 'identifier')) as {
      id: number;
      identifier: string;
    }[];
    expect(tags).toHaveLength(2);
    // Rows i and i + 20 share a phone: twins written by batches side by side, each found after its batch committed.
    const lines = [`${HEADER},tags,phone`];
    for (let i = 0; i < 40; i += 1)
      lines.push(
        `${ok(`side.${i}@import.example.com`)},${['toptalent', 'verified', 'toptalent;verified'][i % 3]},+658 100 ${1000 + (i % 20)}`,
      );
    const file = path.join(dir, 'side-by-side.csv');
    await writeFile(file, `${lines.join('\n')}\n`);
    const result = await importCandidates({ file, knex: t.knex, connectionString: t.url, batchSize: 3, threads: 2 });
    expect(result).toMatchObject({ rows: 40, created: 40, rejected: 0, likelyDuplicates: 20 });
    // Each told on the later row, naming the earlier one; the pairs wait in the review queue.
    expect(result.duplicates.map((n) => [n.row, n.twins.map((tw) => [tw.otherRow, tw.reasons])])).toEqual(
      Array.from({ length: 20 }, (_, i) => [i + 22, [[i + 2, ['phone']]]]),
    );
    const { n: pairs } = (await t
      .knex('candidate_duplicates')
      .whereIn(
        'id',
        result.duplicates.map((n) => n.twins[0].pairId),
      )
      .where('status', 0)
      .count({ n: '*' })
      .first()) as { n: number };
    expect(Number(pairs)).toBe(20);
    const documents = await t
      .knex('candidates as c')
      .join('candidate_search_documents as d', 'd.id', 'c.id')
      .where('c.email', 'like', 'side.%@import.example.com')
      .select('c.tags', 'd.tag_ids');
    expect(documents).toHaveLength(40);
    for (const d of documents) expect([...d.tag_ids].sort()).toEqual([...d.tags].sort());
    for (const tag of tags) {
      const counted = await t.knex('candidate_tag_counts').where('tag_id', tag.id).first('tagged');
      const tagged = await t
        .knex('candidate_search_documents')
        .whereRaw('tag_ids @> array[?]::int[]', [tag.id])
        .count({ n: '*' });
      expect(counted?.tagged, tag.identifier).toBe(Number(tagged[0].n));
    }
  }, 90_000);

  it('A batch refreshes the documents it wrote itself; later statements of its transaction are queued again', async () => {
    const { result } = await run('direct.csv', `${[HEADER, ok('direct.one@import.example.com')].join('\n')}\n`);
    expect(result).toMatchObject({ created: 1, rejected: 0 });
    const { id } = await candidateRow('direct.one@import.example.com');
    await t.knex.transaction(async (trx) => {
      const stored = ((await modelFor(entity('candidate')).query(trx).findById(id)) as { toJSON(): object }).toJSON();
      const row = prepareCandidate({ data: { firstName: 'Bea' }, children: [] }, id, stored as Record<string, unknown>);
      await writeCandidates(trx, [row], { config: t.config, refreshDirectly: true });
      // Refreshed by the batch itself, before its commit; nothing was queued for it.
      expect((await trx('candidate_search_documents').where({ id }).first('name_text')).name_text).toMatch(/^bea lim /);
      expect(await trx('candidate_search_pending').where('candidate_id', id)).toHaveLength(0);
      // A later statement of the same transaction goes through the queue as any write does.
      await trx('candidates').where({ id }).update({ first_name: 'Cleo' });
      expect(await trx('candidate_search_pending').where('candidate_id', id)).toHaveLength(1);
    });
    expect((await t.knex('candidate_search_documents').where({ id }).first('name_text')).name_text).toMatch(
      /^cleo lim /,
    );
    expect(await t.knex('candidate_search_pending')).toHaveLength(0);
  });

  it('A row the database refuses is retried alone and reported; the rest of its batch is written', async () => {
    // A rule only the database knows, so the batch fails at write time.
    await t.knex.raw("alter table candidates add constraint import_test_no_bob check (first_name <> 'Bob')");
    try {
      const lines = [
        HEADER,
        ok('retry.one@import.example.com'),
        ok('retry.bob@import.example.com').replace(',Ana,', ',Bob,'),
        ok('retry.two@import.example.com'),
      ];
      const { result, report } = await run('retry.csv', `${lines.join('\n')}\n`);
      expect(result).toMatchObject({ rows: 3, created: 2, rejected: 1 });
      expect(report).toHaveLength(1);
      expect(report[0]).toMatch(/^3,retry\.bob@import\.example\.com,.*import_test_no_bob/);
      expect(await candidateRow('retry.bob@import.example.com')).toBeUndefined();
      for (const email of ['retry.one', 'retry.two']) {
        const row = await candidateRow(`${email}@import.example.com`);
        expect(
          Number((await t.knex('candidate_experiences').where('candidate_id', row.id).count({ n: '*' }))[0].n),
        ).toBe(1);
      }
    } finally {
      await t.knex.raw('alter table candidates drop constraint import_test_no_bob');
    }
  });

  it('A row asking for the set-password email invites the candidate to sign in, once, as a save in the console does', async () => {
    const header = `${HEADER},sendSetPasswordEmail`;
    const lines = [
      header,
      `${ok('invited.one@import.example.com')},true`,
      `${ok('quiet.one@import.example.com')},false`,
    ];
    const { result } = await run('invite.csv', `${lines.join('\n')}\n`);
    expect(result).toMatchObject({ created: 2, rejected: 0 });
    const [mail] = await listOutbox(t.knex, 'invited.one@import.example.com', 5);
    expect(mail.subject).toBe('Your Talentbase profile is ready');
    expect(mail.text).toContain('Hi Ana,');
    // The email goes out as a graphile-worker job queued with the row.
    const jobs = await t.knex.raw(
      "select j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id where k.identifier = 'send_email'",
    );
    const outboxIds = (await t
      .knex('outbox_emails')
      .where('to', 'invited.one@import.example.com')
      .pluck('id')) as number[];
    expect(jobs.rows.map((j: { payload: { id: number } }) => j.payload.id)).toEqual(expect.arrayContaining(outboxIds));
    expect(await listOutbox(t.knex, 'quiet.one@import.example.com', 5)).toHaveLength(0);
    // Importing the same row again changes the flag from on to on: nothing more is sent.
    await run('invite-again.csv', `${lines.slice(0, 2).join('\n')}\n`);
    expect(await listOutbox(t.knex, 'invited.one@import.example.com', 5)).toHaveLength(1);
  });

  it('Per-row foreign-key checks are skipped while every other trigger on the written tables fires always; the search documents are still written', async () => {
    // The search documents' queue is enabled ALWAYS, so it fires in the replica mode the import writes in.
    expect(await maySkipTriggers(t.knex)).toBe(true);
    const { result } = await run('documents.csv', `${[HEADER, ok('documents.one@import.example.com')].join('\n')}\n`);
    expect(result).toMatchObject({ created: 1, rejected: 0 });
    const row = await candidateRow('documents.one@import.example.com');
    const doc = await t.knex('candidate_search_documents').where('id', row.id).first();
    expect(doc.latest_company).toBe('Acme documents.one');
    expect(doc.skill_ids).toEqual(row.skill_ids);
  });

  it('A trigger a later feature adds on candidates fires for every imported row: the import never skips it', async () => {
    await t.knex.raw('create table import_trigger_probe (candidate_id int not null)');
    await t.knex.raw(
      `create function import_trigger_probe_fn() returns trigger language plpgsql as $$ begin insert into import_trigger_probe values (new.id); return new; end $$`,
    );
    await t.knex.raw(
      'create trigger import_trigger_probe after insert or update on candidates for each row execute function import_trigger_probe_fn()',
    );
    try {
      expect(await maySkipTriggers(t.knex)).toBe(false);
      const lines = [HEADER, ok('probe.one@import.example.com'), ok('probe.two@import.example.com')];
      const { result } = await run('probe.csv', `${lines.join('\n')}\n`);
      expect(result).toMatchObject({ created: 2, rejected: 0 });
      const ids = await t
        .knex('candidates')
        .whereIn('email', ['probe.one@import.example.com', 'probe.two@import.example.com'])
        .pluck('id');
      expect((await t.knex('import_trigger_probe').pluck('candidate_id')).sort()).toEqual(ids.sort());
    } finally {
      await t.knex.raw('drop trigger import_trigger_probe on candidates');
      await t.knex.raw('drop function import_trigger_probe_fn');
      await t.knex.raw('drop table import_trigger_probe');
    }
  });

  it('npm run import prints progress and the report path', async () => {
    const file = path.join(dir, 'cli.csv');
    await writeFile(file, `${HEADER}\n${ok('cli.person@import.example.com')}\n${ok('cli-bad')}\n`);
    const { stdout, stderr } = await promisify(execFile)(TSX, ['scripts/import.ts', 'candidates', file], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, DATABASE_URL: t.url, NODE_ENV: 'test' },
    });
    expect(stderr).toContain('Importing');
    expect(stdout).toContain('2 rows');
    expect(stdout).toContain('1 created, 0 updated, 1 rejected');
    expect(stdout).toContain(`Rejected rows and their reasons: ${file}.rejected.csv`);
    expect(await candidateRow('cli.person@import.example.com')).toBeDefined();
  }, 60_000);

  it('npm run import writes no report when no row was rejected', async () => {
    const file = path.join(dir, 'clean.csv');
    await writeFile(file, `${HEADER}\n${ok('clean.person@import.example.com')}\n`);
    const { stdout } = await promisify(execFile)(TSX, ['scripts/import.ts', 'candidates', file], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, DATABASE_URL: t.url, NODE_ENV: 'test' },
    });
    expect(stdout).toContain('1 created, 0 updated, 0 rejected');
    expect(stdout).toContain('No rows were rejected.');
    expect(existsSync(`${file}.rejected.csv`)).toBe(false);
  }, 60_000);
});
