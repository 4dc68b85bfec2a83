/**
 * Deleting a country (console /admin/countries, the generic DELETE /api/v1/countries/:id) that a project or a company
 * still names is refused with the house 409 'This record is still in use', saying how many records use it, instead of
 * taking it out of their lists: a project left without countries could no longer be saved by its owner. So is a
 * country or city whose deletion would leave a candidate without a preferred location; one the candidate can spare
 * still goes (lookup-delete-country-cities.test.ts), and so does a country nothing names.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { projectBody } from '../helpers/projects';
import { bearer, candidatePayload, talentWorld, type TalentWorld } from '../helpers/talent';

let w: TalentWorld;
beforeAll(async () => {
  w = await talentWorld();
});

const numeric = (id: unknown) => Number(String(id).split(':').pop());
const admin = () => bearer(w.admin);

/** A country with an unused user-assigned ISO code (XA–XZ, QM–QZ). */
async function newCountry(): Promise<{ id: string; code: string }> {
  const codes = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((l) => `X${l}`).concat([...'MNOPQRSTUVWXYZ'].map((l) => `Q${l}`));
  for (const code of codes.sort(() => Math.random() - 0.5)) {
    const made = await w.t.http
      .post('/api/v1/countries')
      .set(admin())
      .send({ name: `In-use country ${code} ${Date.now()}`, code, dialCode: '+999' });
    if (made.status === 201) return { id: made.body.id, code };
  }
  throw new Error('no free country code');
}

async function newProject(countries: number[]): Promise<string> {
  const made = await w.t.http
    .post('/api/v1/projects/create')
    .set(bearer(w.company))
    .send(await projectBody(w.t.knex, { countries }));
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.data.id as string;
}

describe('Deleting a country that records still name', () => {
  it('is refused with 409 while a project names it, saying so, and the project keeps it and still saves', async () => {
    const country = await newCountry();
    const projectRef = await newProject([numeric(country.id)]);

    const gone = await w.t.http.delete(`/api/v1/countries/${country.id}`).set(admin());
    expect(gone.status, JSON.stringify(gone.body)).toBe(409);
    expect(gone.body.error.code).toBe('errors.inUse');
    expect(gone.body.error.message).toBe('This record is still in use by 1 project and cannot be deleted');

    await w.t.http.get(`/api/v1/countries/${country.id}`).set(admin()).expect(200);
    const read = await w.t.http.get(`/api/v1/projects/${projectRef}`).set(admin()).expect(200);
    expect(read.body.countries.map(numeric)).toEqual([numeric(country.id)]);
    const saved = await w.t.http
      .put(`/api/v1/projects/${projectRef}`)
      .set(bearer(w.company))
      .send({ title: 'Still hiring there' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });

  it('counts every project and company naming it', async () => {
    const country = await newCountry();
    const id = numeric(country.id);
    const sg = (await w.t.knex('countries').where('code', 'SG').first('id')).id as number;
    await newProject([sg, id]);
    await newProject([id]);
    const company = await w.t.knex('companies').orderBy('id').first('id');
    await w.t
      .knex('companies')
      .where('id', company.id)
      .update({ countries: [id] });

    const gone = await w.t.http.delete(`/api/v1/countries/${country.id}`).set(admin());
    expect(gone.status, JSON.stringify(gone.body)).toBe(409);
    expect(gone.body.error.message).toBe(
      'This record is still in use by 1 company and 2 projects and cannot be deleted',
    );
  });

  it("is refused while it would take a candidate's only preferred location with its cities", async () => {
    const country = await newCountry();
    const city = await w.t.http
      .post('/api/v1/cities')
      .set(admin())
      .send({ name: `In-use city ${Date.now()}`, countryId: country.id, code: country.code, dialCode: '+999' });
    expect(city.status, JSON.stringify(city.body)).toBe(201);
    const created = await w.t.http
      .post('/api/v1/candidates')
      .set(admin())
      .send(candidatePayload(w.ids, { preferredLocations: [{ locationId: numeric(city.body.id), visaType: 1 }] }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    const cityGone = await w.t.http.delete(`/api/v1/cities/${city.body.id}`).set(admin());
    expect(cityGone.status, JSON.stringify(cityGone.body)).toBe(409);
    expect(cityGone.body.error.message).toBe('This record is still in use by 1 candidate and cannot be deleted');
    const gone = await w.t.http.delete(`/api/v1/countries/${country.id}`).set(admin());
    expect(gone.status, JSON.stringify(gone.body)).toBe(409);
    await w.t.http.get(`/api/v1/cities/${city.body.id}`).set(admin()).expect(200);
  });

  it('goes when nothing names it', async () => {
    const country = await newCountry();
    const gone = await w.t.http.delete(`/api/v1/countries/${country.id}`).set(admin());
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    await w.t.http.get(`/api/v1/countries/${country.id}`).set(admin()).expect(404);
  });
});
