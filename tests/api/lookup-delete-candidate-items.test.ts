/**
 * Deleting a skill, a language or a city in the console takes it out of every candidate's profile: the items
 * naming it leave `skills`, `languages` and `preferredLocations` with it, so the candidate saves as read back
 * instead of answering "skills.0.skillId notFound" to every later save.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, candidatePayload, talentWorld, type TalentWorld } from '../helpers/talent';

let w: TalentWorld;
beforeAll(async () => {
  w = await talentWorld();
});

const numeric = (id: unknown) => Number(String(id).split(':').pop());
const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** Creates the lookup row, a candidate holding it beside a kept one, deletes the row, saves the candidate as read back. */
async function deleteAndSave(
  resource: string,
  row: Record<string, unknown>,
  holding: (id: number) => Record<string, unknown>,
) {
  const made = await w.t.http.post(`/api/v1/${resource}`).set(bearer(w.admin)).send(row);
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const id = numeric(made.body.id);
  const created = await w.t.http
    .post('/api/v1/candidates')
    .set(bearer(w.admin))
    .send(candidatePayload(w.ids, holding(id)));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const gone = await w.t.http.delete(`/api/v1/${resource}/${made.body.id}`).set(bearer(w.admin));
  expect(gone.status, JSON.stringify(gone.body)).toBe(200);
  const read = await w.t.http.get(`/api/v1/candidates/${created.body.id}`).set(bearer(w.admin)).expect(200);
  const saved = await w.t.http.put(`/api/v1/candidates/${created.body.id}`).set(bearer(w.admin)).send(read.body);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { id, saved: saved.body as Record<string, { [key: string]: unknown }[]> };
}

const ids = (items: { [key: string]: unknown }[], key: string) => items.map((item) => numeric(item[key]));

describe('Deleting a lookup row that candidates hold', () => {
  it('a deleted skill leaves the profiles holding it, which then save as read back', async () => {
    const kept = w.ids.skills[0];
    const { id, saved } = await deleteAndSave('skills', { name: `Gone skill ${stamp()}` }, (skill) => ({
      skills: [
        { skillId: skill, isStar: true },
        { skillId: kept, isStar: false },
      ],
    }));
    expect(ids(saved.skills, 'skillId')).toEqual([kept]);
    expect(ids(saved.skills, 'skillId')).not.toContain(id);
  });

  it('a deleted language leaves the profiles speaking it', async () => {
    const { id, saved } = await deleteAndSave(
      'languages',
      {
        name: `Gone language ${stamp()}`,
        code: `q${String.fromCharCode(97 + Math.floor(Math.random() * 26))}${String.fromCharCode(97 + Math.floor(Math.random() * 26))}`,
      },
      (language) => ({
        languages: [
          { languageId: w.ids.english, level: 3 },
          { languageId: language, level: 1 },
        ],
      }),
    );
    expect(ids(saved.languages, 'languageId')).toEqual([w.ids.english]);
    expect(ids(saved.languages, 'languageId')).not.toContain(id);
  });

  it('a deleted city leaves the preferred locations naming it', async () => {
    const { id, saved } = await deleteAndSave(
      'cities',
      { name: `Gone city ${stamp()}`, countryId: w.ids.sgCountry, code: 'SG', dialCode: '+65' },
      (city) => ({
        preferredLocations: [
          { locationId: city, visaType: 1 },
          { locationId: w.ids.singapore, visaType: 1 },
        ],
      }),
    );
    expect(ids(saved.preferredLocations, 'locationId')).toEqual([w.ids.singapore]);
    expect(ids(saved.preferredLocations, 'locationId')).not.toContain(id);
  });
});
