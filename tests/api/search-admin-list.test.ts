/**
 * The console's talent list (`GET /candidates`) finds candidates the way search does: full names,
 * emails, employers, skills and titles in `q`; the search filters beside the list's own; expected
 * salaries sorted in one currency; the latest company and title shown; and the tag list's tagged
 * counts kept exact as candidates change.
 */
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { listQuery } from '../helpers/app';
import { searchWorld, type SearchWorld } from '../helpers/searchWorld';

let w: SearchWorld;

beforeAll(async () => {
  w = await searchWorld();
});

const list = (params: Parameters<typeof listQuery>[0], token = w.tokens.admin) =>
  w.t.http
    .get(`/api/v1/candidates?${listQuery({ range: [0, 99], ...params })}`)
    .set('Authorization', `Bearer ${token}`);
const firstNames = (body: { firstName: string }[]) => body.map((r) => r.firstName).sort();

describe.each([
  ['newest first', ['createdAt', 'DESC']],
  ['oldest first', ['createdAt', 'ASC']],
] as [string, [string, string]][])('Text in the talent list, %s', (_, sort) => {
  it.each([
    ['chloe wong', ['Chloe']],
    ['Chloe', ['Chloe']],
    ['Airwallex', ['Chloe']],
    ['typescript', ['Chloe', 'Dev', 'Finn', 'Gia', 'Hugo']],
    ['Senior Software Engineer', ['Chloe']],
    ['lim', ['Ben']],
    ['dev@talent', ['Dev']],
    ['talent.example.org', ['Ava', 'Ben', 'Cara', 'Dev', 'Eve', 'Finn', 'Gia', 'Hugo', 'Ivy']],
    ['k8s', ['Ben', 'Chloe']],
  ])('"%s" finds %j, whatever their status', async (q, expected) => {
    const res = await list({ filter: { q }, sort });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(firstNames(res.body)).toEqual(expected);
    expect(res.headers['content-range']).toMatch(new RegExp(`/${expected.length}$`));
    expect(res.headers['x-total-estimated']).toBeUndefined();
  });

  it('Punctuation alone finds no one', async () => {
    expect((await list({ filter: { q: '%_' }, sort })).body).toEqual([]);
  });
});

describe('Filters, sorting and rows of the talent list', () => {
  it('Pages by expected salary in SGD (no salary first when descending) and newest first, each page a slice of the whole list', async () => {
    // Two without an expected salary (first when descending, last when ascending), and two alike; put back after.
    const changed = [w.ids.Ben, w.ids.Dev, w.ids.Eve, w.ids.Gia];
    const before = await w.t
      .knex('candidates')
      .whereIn('id', changed)
      .select('id', 'expected_salary', 'expected_salary_currency');
    await w.t.knex('candidates').whereIn('id', [w.ids.Ben, w.ids.Dev]).update({ expected_salary: null });
    await w.t
      .knex('candidates')
      .whereIn('id', [w.ids.Eve, w.ids.Gia])
      .update({ expected_salary: 7000, expected_salary_currency: 'SGD' });
    onTestFinished(async () => {
      for (const row of before) await w.t.knex('candidates').where('id', row.id).update(row);
    });
    // What each candidate's row says, read apart from the search documents: its salary in SGD and when it was created.
    const keys = new Map<string, { sgd: number | null; created: number; id: number }>(
      (
        await w.t.knex.raw(
          `select c.id, round(c.expected_salary * r.to_sgd) as sgd, c.created_at from candidates c left join currency_rates r on r.currency = c.expected_salary_currency`,
        )
      ).rows.map((r: { id: number; sgd: string | null; created_at: Date }) => [
        `Candidate:${r.id}`,
        { sgd: r.sgd === null ? null : Number(r.sgd), created: r.created_at.getTime(), id: r.id },
      ]),
    );
    const compare = (field: string, order: string) => (a: string, b: string) => {
      const [x, y] = [keys.get(a)!, keys.get(b)!];
      const dir = order === 'DESC' ? -1 : 1;
      if (field === 'createdAt') return dir * (x.created - y.created || x.id - y.id);
      // As SQL orders: no salary counts as the highest.
      const [u, v] = [x.sgd ?? Infinity, y.sgd ?? Infinity];
      return dir * (u === v ? x.id - y.id : u < v ? -1 : 1);
    };
    for (const sort of [
      ['expectedSalary', 'DESC'],
      ['expectedSalary', 'ASC'],
      ['createdAt', 'DESC'],
    ] as [string, string][])
      for (const filter of [{}, { status: 1 }, { q: 'engineer', status: [1, 2] }, { s: ['Python'] }]) {
        const whole = await list({ filter, sort, range: [0, 99] });
        expect(whole.status).toBe(200);
        const ids = whole.body.map((r: { id: string }) => r.id) as string[];
        expect(ids.length, JSON.stringify(filter)).toBeGreaterThan(0);
        expect(ids, `${sort.join(' ')} ${JSON.stringify(filter)}`).toEqual([...ids].sort(compare(sort[0], sort[1])));
        expect(whole.headers['content-range']).toMatch(new RegExp(`/${ids.length}$`));
        const page = await list({ filter, sort, range: [1, 3] });
        expect(page.body.map((r: { id: string }) => r.id)).toEqual(ids.slice(1, 4));
        expect(page.headers['content-range']).toBe(`candidates 1-${Math.min(3, ids.length - 1)}/${ids.length}`);
      }
  });

  it('Pages newest first as it pages oldest first, reversed', async () => {
    for (const filter of [{}, { status: 1 }, { q: 'engineer', status: [1, 2] }, { s: ['Python'], l: 'Hong Kong' }]) {
      const sql = (await list({ filter, sort: ['createdAt', 'ASC'] })).body.map((r: { id: string }) => r.id).reverse();
      expect(sql.length, JSON.stringify(filter)).toBeGreaterThan(filter.s ? 0 : 2);
      const memory = await list({ filter, sort: ['createdAt', 'DESC'], range: [1, 3] });
      expect(memory.body.map((r: { id: string }) => r.id)).toEqual(sql.slice(1, 4));
      expect(memory.headers['content-range']).toMatch(new RegExp(`/${sql.length}$`));
    }
  });

  it('Pages forward from the last candidate of the page before, as the console does, and by offset without it', async () => {
    const after = (params: Parameters<typeof listQuery>[0], id: string) =>
      w.t.http
        .get(`/api/v1/candidates?${listQuery(params)}&after=${encodeURIComponent(id)}`)
        .set('Authorization', `Bearer ${w.tokens.admin}`);
    const idsOf = (body: { id: string }[]) => body.map((r) => r.id);
    for (const sort of [
      ['createdAt', 'DESC'],
      ['createdAt', 'ASC'],
      ['id', 'DESC'],
      ['expectedSalary', 'DESC'],
    ] as [string, string][])
      for (const filter of [{}, { q: 'engineer', status: [1, 2] }]) {
        const ids = idsOf((await list({ filter, sort })).body);
        expect(ids.length).toBeGreaterThan(3);
        for (let start = 1; start < ids.length; start += 2) {
          const page = await after({ filter, sort, range: [start, start + 1] }, ids[start - 1]);
          expect(idsOf(page.body), `${sort.join(' ')} ${JSON.stringify(filter)} from ${start}`).toEqual(
            ids.slice(start, start + 2),
          );
          expect(page.headers['content-range']).toBe(
            `candidates ${start}-${Math.min(start + 1, ids.length - 1)}/${ids.length}`,
          );
        }
        // The page starts past the candidate named, wherever the range says it is; a sort on a value that
        // changes (an expected salary) pages by offset.
        const past = idsOf((await after({ filter, sort, range: [0, 1] }, ids[1])).body);
        expect(past).toEqual(sort[0] === 'expectedSalary' ? ids.slice(0, 2) : ids.slice(2, 4));
        // A candidate no longer there: the offset again.
        expect(idsOf((await after({ filter, sort, range: [1, 2] }, 'Candidate:2147483000')).body)).toEqual(
          ids.slice(1, 3),
        );
      }
    for (const bad of ['abc', '0', 'Candidate:-1', '99999999999', '']) {
      const refused = await after({ range: [25, 49] }, bad);
      expect(refused.status, bad).toBe(400);
      expect(refused.body.error.fields).toEqual({ after: 'after.errors.invalid' });
    }
  });

  it('Takes the search filters beside its own', async () => {
    expect(firstNames((await list({ filter: { s: ['Python'] } })).body)).toEqual(['Ava', 'Chloe']);
    expect(firstNames((await list({ filter: { status: 1, l: 'Hong Kong' } })).body)).toEqual(['Chloe', 'Ivy']);
    expect(firstNames((await list({ filter: { lang: 'Mandarin', ef: 5 } })).body)).toEqual(['Ava', 'Chloe']);
    expect(firstNames((await list({ filter: { status: [2, 0] } })).body)).toEqual(['Finn', 'Gia']);
    // Statuses from different parts of the index by status, and one no candidate has.
    expect(firstNames((await list({ filter: { status: [0, 1, 2], l: 'Hong Kong' } })).body)).toEqual(['Chloe', 'Ivy']);
    expect((await list({ filter: { status: 99 } })).body).toEqual([]);
    for (const status of [true, 1.5, '1e3', '99999999999999999999']) {
      const refused = await list({ filter: { status } });
      expect(refused.status, JSON.stringify(status)).toBe(400);
      expect(refused.body.error.fields).toEqual({ status: 'status.errors.invalid' });
    }
    expect(firstNames((await list({ filter: { q: 'engineer', visibility: false } })).body)).toEqual(['Dev']);
    const bad = await list({ filter: { s: ['Pythn Programming Languag'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ s: 's.errors.notFound' });
  });

  it('Sorts expected salaries in one currency: 126,642,900 VND is not the highest', async () => {
    const res = await list({ filter: { status: 1 }, sort: ['expectedSalary', 'DESC'] });
    expect(res.body.map((r: { firstName: string }) => r.firstName)).toEqual([
      'Chloe',
      'Dev',
      'Ava',
      'Ivy',
      'Ben',
      'Eve',
    ]);
    const asc = await list({ filter: { status: 1 }, sort: ['expectedSalary', 'ASC'] });
    expect(asc.body.map((r: { firstName: string }) => r.firstName)).toEqual([
      'Eve',
      'Ben',
      'Ivy',
      'Ava',
      'Dev',
      'Chloe',
    ]);
  });

  it('Pages through the list with the total in Content-Range', async () => {
    const res = await list({ sort: ['createdAt', 'ASC'], range: [1, 2] });
    expect(res.body.map((r: { firstName: string }) => r.firstName)).toEqual(['Ava', 'Ben']);
    expect(res.headers['content-range']).toBe('candidates 1-2/10');
  });

  it("Shows each candidate's latest company and job title", async () => {
    const res = await list({ filter: { q: 'chloe wong' } });
    expect(res.body[0]).toMatchObject({ latestCompanyName: 'Airwallex', latestJobTitle: 'Senior Software Engineer' });
  });

  it('A candidate lists only themself', async () => {
    const res = await list({}, w.tokens.candidate);
    expect(res.status).toBe(200);
    expect(res.body.map((r: { id: string }) => r.id)).toEqual([`Candidate:${w.ids.Chloe}`]);
    expect((await list({}, w.tokens.company)).status).toBe(403);
  });
});

describe('Tagged counts in the tag list', () => {
  const tagged = async (identifier: string) => {
    const res = await w.t.http
      .get(`/api/v1/tags?${listQuery({ filter: { q: identifier }, range: [0, 9] })}`)
      .set('Authorization', `Bearer ${w.tokens.admin}`);
    return (res.body as { identifier: string; noOfTagged: number }[]).find((t) => t.identifier === identifier)
      ?.noOfTagged;
  };
  const actual = async (identifier: string) => {
    const tag = await w.t.knex('tags').where('identifier', identifier).first('id');
    return Number((await w.t.knex('candidates').whereRaw('? = any(tags)', [tag.id]).count({ n: '*' }))[0].n);
  };

  it('Count the candidates carrying each tag, and follow tagging, untagging and deletion', async () => {
    expect(await tagged('toptalent')).toBe(2);
    expect(await tagged('toptalent')).toBe(await actual('toptalent'));
    const tag = await w.t.knex('tags').where('identifier', 'toptalent').first('id');
    await w.t.http
      .put(`/api/v1/candidates/Candidate:${w.ids.Ben}`)
      .set('Authorization', `Bearer ${w.tokens.admin}`)
      .send({ tags: [`Tags:${tag.id}`] })
      .expect(200);
    expect(await tagged('toptalent')).toBe(3);
    await w.t.http
      .put(`/api/v1/candidates/Candidate:${w.ids.Ava}`)
      .set('Authorization', `Bearer ${w.tokens.admin}`)
      .send({ tags: [] })
      .expect(200);
    expect(await tagged('toptalent')).toBe(2);
    await w.t.http
      .delete(`/api/v1/candidates/Candidate:${w.ids.Ben}`)
      .set('Authorization', `Bearer ${w.tokens.admin}`)
      .expect(200);
    expect(await tagged('toptalent')).toBe(1);
    expect(await tagged('toptalent')).toBe(await actual('toptalent'));
  });
});
