/**
 * A salary's currency goes with its amount in a merge: a profile without a salary still holds a currency (the column
 * defaults to 'SGD'), which must never end up beside the other profile's amount. The default merge takes the amount
 * from the side that has one and its currency with it (and the search's salary in SGD is worked out from that pair);
 * an admin who keeps the merged profile's salary keeps its currency too. The review offers no row for a companion
 * (a currency, WhatsApp of a phone, who chose a status), and a `keep` taking one from another side than its field's
 * is refused rather than overridden.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { pairOf } from '../helpers/duplicatePairs';
import { bearer } from '../helpers/talent';

vi.setConfig({ testTimeout: 120_000 });

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
});

const merge = (pairId: string, survivor: number, keep: Record<string, string> = {}) =>
  t.http
    .post(`/api/v1/candidate-duplicates/${pairId}/merge`)
    .set(bearer(admin))
    .send({ survivorId: `Candidate:${survivor}`, keep });

const shown = async (id: number) => {
  const res = await t.http.get(`/api/v1/candidates/${id}`).set(bearer(admin));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Record<string, unknown>;
};

describe('A merge keeps each salary with its own currency', () => {
  it('takes the only salary with its currency by default', async () => {
    const { b, pairId } = await pairOf(t, admin, { phone: '+65 8311 4021', first: 'Ilse', last: 'Varga' }, [
      { currentSalary: 6000, currentSalaryCurrency: 'USD' },
      { currentSalary: null },
    ]);
    const res = await merge(pairId, b);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await shown(b)).toMatchObject({ currentSalary: 6000, currentSalaryCurrency: 'USD' });
  });

  it("keeps the merged profile's currency with the merged profile's salary", async () => {
    const { a, b, pairId } = await pairOf(t, admin, { phone: '+65 8311 4022', first: 'Omar', last: 'Lindqvist' }, [
      { currentSalary: 6000, currentSalaryCurrency: 'USD', expectedSalary: 7000, expectedSalaryCurrency: 'USD' },
      { currentSalary: 9000, currentSalaryCurrency: 'SGD', expectedSalary: 9500, expectedSalaryCurrency: 'SGD' },
    ]);
    const review = await t.http.get(`/api/v1/candidate-duplicates/${pairId}`).set(bearer(admin));
    expect(review.status).toBe(200);
    expect(review.body.texts[`Candidate:${a}`].currentSalary).toMatch(/USD 6,000/);
    const res = await merge(pairId, b, { currentSalary: 'merged', expectedSalary: 'merged' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await shown(b)).toMatchObject({
      currentSalary: 6000,
      currentSalaryCurrency: 'USD',
      expectedSalary: 7000,
      expectedSalaryCurrency: 'USD',
    });
    // The search reads the kept salary in its own currency, converted to SGD from that.
    const rate = await t.knex('currency_rates').where('currency', 'USD').first('to_sgd');
    const doc = await t.knex('candidate_search_documents').where('id', b).first('salary_currency', 'salary_sgd');
    expect(doc).toMatchObject({ salary_currency: 'USD' });
    expect(rate, 'a rate for USD').toBeDefined();
    expect(doc.salary_sgd).toBe(Math.round(7000 * Number(rate.to_sgd)));
  });

  let greta: { a: number; pairId: string };

  it('offers no companion as a row of its own in the review', async () => {
    greta = await pairOf(t, admin, { phone: '+65 8311 4023', first: 'Greta', last: 'Mbeki' }, [
      { phoneWhatsapp: true, currentSalary: 5000, currentSalaryCurrency: 'EUR' },
      { phoneWhatsapp: true, currentSalary: 5500 },
    ]);
    const review = await t.http.get(`/api/v1/candidate-duplicates/${greta.pairId}`).set(bearer(admin));
    expect(review.status).toBe(200);
    expect(review.body.fields).toEqual(expect.arrayContaining(['phone', 'currentSalary', 'expectedSalary', 'status']));
    for (const companion of [
      'phoneWhatsapp',
      'currentSalaryCurrency',
      'expectedSalaryCurrency',
      'selfChosenStatus',
      'pausedFrom',
    ])
      expect(review.body.fields).not.toContain(companion);
    // One phone with WhatsApp on both: the kept profile's by default, so its WhatsApp too.
    expect(review.body.defaults).toMatchObject({ phone: 'survivor', phoneWhatsapp: 'survivor' });
  });

  it("refuses a keep that takes a companion from another side than its field's, rather than overriding it", async () => {
    const keeps: Record<string, string>[] = [
      { phoneWhatsapp: 'merged' },
      { phone: 'survivor', phoneWhatsapp: 'merged' },
      { currentSalary: 'merged', currentSalaryCurrency: 'survivor' },
      { status: 'survivor', pausedFrom: 'merged' },
    ];
    for (const keep of keeps) {
      const res = await merge(greta.pairId, greta.a, keep);
      expect(res.status, `${JSON.stringify(keep)}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.error.fields).toEqual({ keep: 'keep.errors.invalid' });
    }
    // Nothing was merged: the pair is still open.
    expect((await t.http.get(`/api/v1/candidate-duplicates/${greta.pairId}`).set(bearer(admin))).status).toBe(200);
  });
});
