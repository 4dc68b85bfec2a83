/**
 * Candidate search folds accents in its text (ts) and employer (cn) filters, as the name filter
 * does: typed with or without accents, words find the documents' words with or without them, and
 * highlights show the original, accented text.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { searchWorld, type SearchWorld } from '../helpers/searchWorld';
import { candidatePayload, talentIds } from '../helpers/talent';

let w: SearchWorld;
const found = async (query: string) => w.names(await w.search(query, 'admin'));

const job = (title: string, company: string) => ({
  title,
  company,
  startDate: '2019-01-01',
  currentPosition: true,
});

beforeAll(async () => {
  w = await searchWorld();
  const base = await talentIds(w.t.knex);
  const people: [string, Record<string, unknown>][] = [
    [
      'Amelie',
      { summary: 'Runs a café for engineers on weekends.', experiences: [job('Analyst', 'Société Générale')] },
    ],
    ['Zoe', { summary: 'Claims handler.', experiences: [job('Claims Handler', 'Zürich Insurance')] }],
    ['Omar', { summary: 'Coffee roaster.', experiences: [job('Roaster', 'General Mills')] }],
  ];
  for (const [firstName, attrs] of people) {
    const payload = candidatePayload(base, {
      firstName,
      lastName: 'Accent',
      email: `${firstName.toLowerCase()}@accents.example.org`,
      educations: [],
      tags: [],
      ...attrs,
    });
    const res = await w.t.http
      .post('/api/v1/candidates')
      .set('Authorization', `Bearer ${w.tokens.admin}`)
      .send(payload);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    w.ids[firstName] = Number(String(res.body.id).replace('Candidate:', ''));
  }
});

describe('Search folds accents in its text and employer filters', () => {
  it('Finds an employer typed with or without its accents', async () => {
    expect(await found('cn=Societe Generale')).toEqual(['Amelie']);
    expect(await found('cn=Société Générale')).toEqual(['Amelie']);
    expect(await found('cn=societe')).toEqual(['Amelie']);
    expect(await found('cn=Zurich')).toEqual(['Zoe']);
    expect(await found('cn=Zürich Insurance')).toEqual(['Zoe']);
  });

  it('Finds free text typed with or without its accents', async () => {
    expect(await found('ts=cafe')).toEqual(['Amelie']);
    expect(await found('ts=café')).toEqual(['Amelie']);
    expect(await found('ts=Societe Generale')).toEqual(['Amelie']);
    expect(await found('ts="société générale"')).toEqual(['Amelie']);
  });

  it('Highlights the original, accented words that a folded query matched', async () => {
    const answer = await w.search('ts=cafe', 'admin');
    const doc = answer.body.docs.find((d) => d.id === `Candidate:${w.ids.Amelie}`);
    const shown = JSON.stringify(doc);
    expect(shown).toContain('{"text":"café","hit":true}');
  });

  it('Keeps unaccented words as they were and finds no one for an unrelated employer', async () => {
    expect(await found('cn=General Mills')).toEqual(['Omar']);
    expect(await found('cn=Grab')).toEqual(['Ava']);
    expect(await found('cn=Zurichbank')).toEqual([]);
  });
});
