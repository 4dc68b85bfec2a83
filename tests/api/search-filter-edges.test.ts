/**
 * Search filters at their edges, on the small pool of tests/helpers/searchWorld.ts: a keyword box of
 * exclusions alone excludes, a salary in a currency worth less than the SGD is not cut at 100,000
 * of that currency, and a lookup id past what the facet values encode is a field error.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { searchWorld, type SearchWorld } from '../helpers/searchWorld';

let w: SearchWorld;
const found = async (query: string) => w.names(await w.search(query));

beforeAll(async () => {
  w = await searchWorld();
});

describe('A keyword box of exclusions alone', () => {
  it('Keeps everyone without the excluded word, alone, next to other filters and in an OR', async () => {
    expect(await found('l=Singapore')).toContain('Ben');
    expect(await found('l=Singapore&ts=-java')).not.toContain('Ben');
    expect(await found('ts=-java')).toEqual(['Ava', 'Chloe', 'Dev', 'Eve', 'Ivy']);
    expect(await found('ts=-java -python')).toEqual(['Dev', 'Eve', 'Ivy']);
    expect(await found('ts=typescript OR -java')).toEqual(['Ava', 'Chloe', 'Dev', 'Eve', 'Ivy']);
    expect((await w.search('ts=-java')).body.totalResults).toBe(5);
  });
});

describe('Salary in a currency worth less than the SGD', () => {
  it('Compares 1,000,000 JPY as its SGD worth at the rates in the database', async () => {
    const row = await w.t.knex('currency_rates').where('currency', 'JPY').first('to_sgd');
    const sgd = Math.floor(1_000_000 * Number(row.to_sgd));
    expect(sgd).toBeGreaterThan(6_000);
    const inYen = await found('sf=1000000&cur=JPY');
    expect(inYen).toEqual(await found(`sf=${sgd}`));
    expect(inYen).not.toContain('Eve');
  });

  it('Keeps the top of the slider open-ended in every currency: 100,000 SGD and more', async () => {
    const row = await w.t.knex('currency_rates').where('currency', 'JPY').first('to_sgd');
    const top = Math.round(100_000 / Number(row.to_sgd));
    expect(await found(`st=${top}&cur=JPY`)).toEqual(await found(''));
    expect(await found(`sf=${top * 10}&cur=JPY`)).toEqual(await found('sf=100000'));
  });
});

describe('Lookup ids past what the facet values encode', () => {
  it('Are a 400 naming the field, not another filter or a database error', async () => {
    const singapore = await w.lookup('cities', 'Singapore');
    const shifted = await w.search(`s=${100_000_000 + singapore}`);
    expect(shifted.status).toBe(400);
    expect(shifted.body.error?.fields).toEqual({ s: 's.errors.unknownId' });
    const huge = await w.search('s=2000000000');
    expect(huge.status).toBe(400);
    expect(huge.body.error?.fields).toEqual({ s: 's.errors.unknownId' });
    const city = await w.search(`l=${100_000_000 + singapore}`);
    expect(city.body.error?.fields).toEqual({ l: 'l.errors.unknownId' });
    expect((await w.search(`l=${singapore}`)).status).toBe(200);
  });
});
