/**
 * Deleting a country in the console deletes its cities by a cascading foreign key; the candidates'
 * preferred locations naming one of those cities lose it too, as when the city itself is deleted,
 * so the profile saves as read back instead of answering "preferredLocations.locationId notFound".
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, candidatePayload, talentWorld, type TalentWorld } from '../helpers/talent';

let w: TalentWorld;
beforeAll(async () => {
  w = await talentWorld();
});

const numeric = (id: unknown) => Number(String(id).split(':').pop());

/** A country with an unused user-assigned ISO code (XA–XZ, QM–QZ). */
async function newCountry(): Promise<{ id: string; code: string }> {
  const codes = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((l) => `X${l}`).concat([...'MNOPQRSTUVWXYZ'].map((l) => `Q${l}`));
  for (const code of codes.sort(() => Math.random() - 0.5)) {
    const made = await w.t.http
      .post('/api/v1/countries')
      .set(bearer(w.admin))
      .send({ name: `Gone country ${code} ${Date.now()}`, code, dialCode: '+999' });
    if (made.status === 201) return { id: made.body.id, code };
  }
  throw new Error('no free country code');
}

describe('Deleting a country with its cities', () => {
  it("takes the cascaded cities out of candidates' preferred locations, which then save as read back", async () => {
    const country = await newCountry();
    const city = await w.t.http
      .post('/api/v1/cities')
      .set(bearer(w.admin))
      .send({ name: `Gone city ${Date.now()}`, countryId: country.id, code: country.code, dialCode: '+999' });
    expect(city.status, JSON.stringify(city.body)).toBe(201);
    const cityId = numeric(city.body.id);
    const created = await w.t.http
      .post('/api/v1/candidates')
      .set(bearer(w.admin))
      .send(
        candidatePayload(w.ids, {
          preferredLocations: [
            { locationId: cityId, visaType: 1 },
            { locationId: w.ids.singapore, visaType: 1 },
          ],
        }),
      );
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    const gone = await w.t.http.delete(`/api/v1/countries/${country.id}`).set(bearer(w.admin));
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    await w.t.http.get(`/api/v1/cities/${city.body.id}`).set(bearer(w.admin)).expect(404);

    const read = await w.t.http.get(`/api/v1/candidates/${created.body.id}`).set(bearer(w.admin)).expect(200);
    const locations = (read.body.preferredLocations as { locationId: unknown }[]).map((l) => numeric(l.locationId));
    expect(locations).toEqual([w.ids.singapore]);
    const saved = await w.t.http.put(`/api/v1/candidates/${created.body.id}`).set(bearer(w.admin)).send(read.body);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });
});
