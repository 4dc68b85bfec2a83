/**
 * Candidate search from a company user's side (and an admin's for the admin-only filters), on a
 * small pool with known answers (tests/helpers/searchWorld.ts): every filter of spec section 2 by
 * id and by name, text search with prefixes, aliases and typos, sorting, paging and the
 * fallbacks of spec section 5.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { textQuery } from '../../backend/features/search';
import { searchWorld, type SearchWorld } from '../helpers/searchWorld';

let w: SearchWorld;
const found = async (query: string, who: Parameters<SearchWorld['search']>[1] = 'company') =>
  w.names(await w.search(query, who));

beforeAll(async () => {
  w = await searchWorld();
});

describe('Searching without filters', () => {
  it('A company user finds the six active candidates, an admin the semi-active one too', async () => {
    expect(await found('')).toEqual(['Ava', 'Ben', 'Chloe', 'Dev', 'Eve', 'Ivy']);
    expect(await found('', 'admin')).toEqual(['Ava', 'Ben', 'Cara', 'Chloe', 'Dev', 'Eve', 'Ivy']);
    const answer = await w.search('');
    expect(answer.body.totalResults).toBe(6);
    expect(answer.body.totalIsEstimate).toBe(false);
    expect(typeof (answer.body as unknown as { tookMs: number }).tookMs).toBe('number');
  });
});

describe('Text search', () => {
  it('Finds words of titles, summaries, skills and employers, the last word as a prefix', async () => {
    expect(await found('ts=engineer')).toEqual(['Ben', 'Chloe', 'Dev']);
    expect(await found('ts=engin')).toEqual(['Ben', 'Chloe', 'Dev']);
    expect(await found('ts=Airwallex')).toEqual(['Chloe']);
    expect(await found('ts=typescript')).toEqual(['Chloe', 'Dev']);
    expect(await found('ts=data scientist')).toEqual(['Ava']);
  });

  it('Matches the word being typed as a prefix only until it is a word the documents hold', async () => {
    expect(await found('ts=jav')).toEqual(['Ben']);
    expect(await found('ts=java')).toEqual(['Ben']);
    // 'java' is a whole word (it would not find JavaScript); 'jav' is still being typed.
    expect((await textQuery(w.t.knex, 'java')).query).toBe("('java')");
    expect((await textQuery(w.t.knex, 'jav')).query).toBe("('jav':*)");
    expect((await textQuery(w.t.knex, 'java ')).query).toBe("('java')");
  });

  it('Takes quoted phrases, exclusions and OR as a web search box does', async () => {
    expect(await found('ts="frontend engineer"')).toEqual(['Dev']);
    expect(await found('ts=engineer -java')).toEqual(['Chloe', 'Dev']);
    expect(await found('ts=grab or maybank')).toEqual(['Ava', 'Ben']);
  });

  it('Finds what an alias stands for: k8s is Kubernetes, ML is Machine Learning', async () => {
    expect(await found('ts=k8s')).toEqual(['Ben', 'Chloe']);
    expect(await found('ts=ML')).toEqual(['Ava']);
  });

  it('Tolerates a typo the documents do not contain', async () => {
    expect(await found('ts=kubernets')).toEqual(['Ben', 'Chloe']);
    expect(await found('ts=typscript')).toEqual(['Chloe', 'Dev']);
  });

  it('Ignores text of stop words only, and finds no one for a word no one has', async () => {
    expect((await w.search('ts=the')).body.totalResults).toBe(6);
    expect(await found('ts=zzzzqqqq')).toEqual([]);
  });
});

describe('Filters by lookups, by id and by the names people type', () => {
  it('Job titles', async () => {
    const dataScientist = await w.lookup('job_titles', 'Data Scientist');
    expect(await found(`jt=${dataScientist}`)).toEqual(['Ava']);
    expect(await found('jt=Data Scientist')).toEqual(['Ava']);
    expect(await found('jt=Data Analyst,Data Scientist')).toEqual(['Ava', 'Eve', 'Ivy']);
  });

  it('Skills, any of them, by id, name or alias', async () => {
    expect(await found(`s=${await w.lookup('skills', 'Python')}`)).toEqual(['Ava', 'Chloe']);
    expect(await found('s=AWS')).toEqual(['Ben']);
    expect(await found('s=ML')).toEqual(['Ava']);
    expect(await found('s=TypeScript&s=Java')).toEqual(['Ben', 'Chloe', 'Dev']);
    expect(await found('s=Excel')).toEqual(['Eve', 'Ivy']);
  });

  it('Preferred and current locations', async () => {
    expect(await found(`l=${await w.lookup('cities', 'Hong Kong')}`)).toEqual(['Chloe', 'Ivy']);
    expect(await found('l=Kuala Lumpur')).toEqual(['Ben', 'Chloe']);
    expect(await found('l=KL')).toEqual(['Ben', 'Chloe']);
    expect(await found('cl=Kuala Lumpur')).toEqual(['Ben']);
  });

  it("Languages, the region's spoken ones included", async () => {
    expect(await found('lang=Mandarin')).toEqual(['Ava', 'Chloe']);
    expect(await found(`lang=${await w.lookup('languages', 'yue')}`)).toEqual(['Eve']);
    expect(await found('lang=Bahasa Malaysia')).toEqual(['Ben', 'Chloe']);
  });

  it("Industries of the candidate's experience, by their plain names too", async () => {
    expect(await found('i=Banking')).toEqual(['Ben']);
    expect(await found('i=Software')).toEqual(['Ava']);
    expect(await found('i=Financial Services')).toEqual(['Chloe']);
  });

  it('Tags by identifier, name or id', async () => {
    expect(await found('bd=toptalent')).toEqual(['Ava', 'Chloe']);
    expect(await found(`bd=${await w.lookup('tags', 'verified')}`)).toEqual(['Chloe', 'Ivy']);
  });

  it('An unknown name is a 400 naming the field and the nearest names', async () => {
    const answer = await w.search('s=Pythn Programming Languag');
    expect(answer.status).toBe(400);
    expect(answer.body.error?.fields).toEqual({ s: 's.errors.notFound' });
    const typo = await w.search('s=Kubernets');
    expect(w.names(typo)).toEqual(['Ben', 'Chloe']);
  });
});

describe('Filters by value', () => {
  it('Employment type, notice period and remote work', async () => {
    expect(await found('te=2')).toEqual(['Ben', 'Chloe']);
    expect(await found('te=4')).toEqual(['Ivy']);
    expect(await found('np=0')).toEqual(['Ava']);
    expect(await found('np=1')).toEqual(['Ben', 'Ivy']);
    expect(await found('np=2')).toEqual(['Chloe']);
    expect(await found('np=3')).toEqual(['Dev']);
    expect(await found('np=0,2')).toEqual(['Ava', 'Chloe']);
    expect(await found('r=true')).toEqual(['Ben', 'Chloe']);
  });

  it('Expected salary across currencies, at the rates in the database (default SGD)', async () => {
    // Chloe 12,000 SGD; Ava 9,000 SGD; Ben 20,000 MYR (6,000 SGD); Dev 8,000 USD (10,800 SGD); Eve 5,000 SGD; Ivy 126,642,900 VND (6,839 SGD).
    expect(await found('sf=8000&st=11000')).toEqual(['Ava', 'Dev']);
    expect(await found('sf=8000&st=11000&cur=SGD')).toEqual(['Ava', 'Dev']);
    expect(await found('sf=6000&st=9000&cur=USD')).toEqual(['Ava', 'Chloe', 'Dev']);
    expect(await found('sf=20000&cur=MYR')).toEqual(['Ava', 'Ben', 'Chloe', 'Dev', 'Ivy']);
    const answer = await w.search('sf=6000&st=9000&cur=usd');
    const chloe = answer.body.docs.find((d) => d.id === `Candidate:${w.ids.Chloe}`) as {
      salary: { amount: number; currency: string };
    };
    expect(chloe.salary).toEqual({
      amount: Math.round(12000 / 1.35),
      currency: 'USD',
      original: { amount: 12000, currency: 'SGD' },
    });
  });

  it('Years of experience, counted from the start of the first job', async () => {
    expect(await found('ef=5')).toEqual(['Ava', 'Ben', 'Chloe']);
    expect(await found('et=5')).toEqual(['Dev', 'Eve', 'Ivy']);
    expect(await found('ef=5&et=10')).toEqual(['Ava', 'Chloe']);
  });

  it('Several filters at once all apply', async () => {
    expect(await found('ts=engineer&l=Singapore&te=1&sf=9000')).toEqual(['Chloe', 'Dev']);
    expect(await found('s=TypeScript&r=true&np=2')).toEqual(['Chloe']);
  });
});

describe('Admin-only filters', () => {
  it('Name: by the start of any part of the name, and by a close spelling', async () => {
    expect(await found('ns=chl', 'admin')).toEqual(['Chloe']);
    expect(await found('ns=Ng', 'admin')).toEqual(['Eve']);
    expect(await found('ns=ben lim', 'admin')).toEqual(['Ben']);
    expect(await found('ns=chloee', 'admin')).toEqual(['Chloe']);
  });

  it('Company name, owner and candidate status', async () => {
    expect(await found('cn=airwal', 'admin')).toEqual(['Chloe']);
    expect(await found('cn=Maybank', 'admin')).toEqual(['Ben']);
    const advocate = await w.t.knex('admins').where('email', 'advocate@example.com').first('id');
    expect(await found(`ad=Admin:${advocate.id}`, 'admin')).toEqual(['Chloe']);
    expect(await found('ad=admin@example.com', 'admin')).toEqual(['Ben']);
    expect(await found('cs=0', 'admin')).toEqual(['Ava']);
  });

  it('A company user sending an admin-only filter is refused with a message on that field, never searched', async () => {
    for (const [key, value] of [
      ['ns', 'chl'],
      ['cn', 'airwallex'],
      ['ad', 'admin@example.com'],
      ['cs', '1'],
    ]) {
      const answer = await w.search(`${key}=${encodeURIComponent(value)}`);
      expect(answer.status).toBe(400);
      expect(answer.body.error?.fields).toEqual({ [key]: `${key}.errors.adminOnly` });
    }
  });
});

describe('Sorting and paging, with the fallbacks of spec section 5', () => {
  it('Recently added lists the newest first; best match is the default', async () => {
    const recent = await w.search('sort=recent');
    expect(recent.body.docs.map((d) => d.id)).toEqual(
      [w.ids.Ivy, w.ids.Eve, w.ids.Dev, w.ids.Ben, w.ids.Ava, w.ids.Chloe].map((id) => `Candidate:${id}`),
    );
    expect((await w.search('')).body).toMatchObject({ sort: 'bestMatch' });
    expect((await w.search('sort=nonsense')).body).toMatchObject({ sort: 'bestMatch' });
  });

  it('Best match puts the candidate holding more of the chosen skills first', async () => {
    const answer = await w.search('s=TypeScript,React,Node.js');
    expect(answer.body.docs[0].id).toBe(`Candidate:${w.ids.Chloe}`);
  });

  it('Pages: page below 1 is 1, per page below 1 is 25 and above 50 is 50', async () => {
    const page2 = await w.search('sort=recent&pp=2&p=2');
    expect(page2.body.docs.map((d) => d.id)).toEqual([`Candidate:${w.ids.Dev}`, `Candidate:${w.ids.Ben}`]);
    expect(page2.body.totalResults).toBe(6);
    expect((await w.search('p=0&pp=2')).body).toMatchObject({ page: 1, perPage: 2 });
    expect((await w.search('p=-3')).body).toMatchObject({ page: 1 });
    expect((await w.search('pp=0')).body).toMatchObject({ perPage: 25 });
    expect((await w.search('pp=500')).body).toMatchObject({ perPage: 50 });
    expect((await w.search('p=abc&pp=xyz')).body).toMatchObject({ page: 1, perPage: 25 });
    expect((await w.search('p=9')).body.docs).toEqual([]);
  });

  it('Ranges: non-digits are 0, a missing end takes its default, a minimum above the maximum resets both', async () => {
    expect(await found('sf=abc&st=9000')).toEqual(['Ava', 'Ben', 'Eve', 'Ivy']);
    expect(await found('sf=11000')).toEqual(['Chloe']);
    expect(await found('sf=12000&st=1000')).toEqual(['Ava', 'Ben', 'Chloe', 'Dev', 'Eve', 'Ivy']);
    expect(await found('sf=5,000&st=6,000')).toEqual(['Ben', 'Eve']);
    expect(await found('ef=xyz&et=1')).toEqual(['Eve', 'Ivy']);
    expect(await found('ef=10&et=2')).toEqual(['Ava', 'Ben', 'Chloe', 'Dev', 'Eve', 'Ivy']);
    expect(await found('st=100000')).toEqual(['Ava', 'Ben', 'Chloe', 'Dev', 'Eve', 'Ivy']);
  });

  it('Refuses what cannot fall back, with field messages', async () => {
    const answer = await w.search('cur=XYZ&te=9&np=7');
    expect(answer.status).toBe(400);
    expect(answer.body.error?.fields).toEqual({
      cur: 'cur.errors.unsupported',
      te: 'te.errors.invalid',
      np: 'np.errors.invalid',
    });
  });
});
