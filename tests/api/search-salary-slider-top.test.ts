/**
 * The salary slider's top follows the asked currency: the search answers `salaryMax`, 100,000 SGD in that currency
 * at the rate the database holds (the rate salaries are compared with), so a recruiter searching in JPY or IDR can
 * ask for realistic monthly pay. In SGD the top stays 100,000.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { searchWorld, type SearchWorld } from '../helpers/searchWorld';

let w: SearchWorld;

beforeAll(async () => {
  w = await searchWorld();
});

const topOf = async (query: string) => {
  const answer = await w.search(query);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body as unknown as { salaryMax: number }).salaryMax;
};

describe('The salary slider top in the search answer', () => {
  it('is 100,000 SGD in JPY at the database rate when cur=JPY', async () => {
    const row = await w.t.knex('currency_rates').where('currency', 'JPY').first('to_sgd');
    const rate = Number(row.to_sgd);
    expect(rate).toBeGreaterThan(0);
    const top = await topOf('cur=JPY');
    expect(top).toBe(Math.round(100_000 / rate));
    // Well above 100,000: a monthly JPY salary of 550,000 is inside the slider.
    expect(top).toBeGreaterThan(550_000);
  });

  it('is 100,000 in SGD, asked or by default', async () => {
    expect(await topOf('cur=SGD')).toBe(100_000);
    expect(await topOf('')).toBe(100_000);
  });
});
