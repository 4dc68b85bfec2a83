/**
 * The profile's `canDownload` answers what the download routes allow, field by field (spec section 6):
 * a RaaS company downloads the blind CV of a candidate with a first name, never the profile PDF (it
 * carries the contact) nor the CV; a company downloads none; admins all. Each answer is checked against
 * the route it names.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { STAGES } from '../../schema/rules/pipeline';
import { pdfOf } from '../helpers/cvs';
import { pipelineWorld, type PipelineWorld, type Who } from '../helpers/pipeline';

let w: PipelineWorld;
beforeAll(async () => {
  w = await pipelineWorld();
  // Ava has a CV, uploaded by an admin.
  const up = await w.t.http
    .post('/api/v1/candidates/cv-data')
    .set('Authorization', `Bearer ${w.tokens.admin}`)
    .attach('file', await pdfOf(['Ava Tan', 'Data Scientist', 'Summary', 'Pricing models.']), 'cv.pdf');
  expect(up.status, JSON.stringify(up.body)).toBe(201);
  await w.knex('candidates').where('id', w.ids.Ava).update({ resume_path: up.body.newCvFilePathToDb });
  await w.place(w.projects.raasPower, 'Ava', STAGES.shortlist);
  await w.place(w.projects.acme, 'Ava', STAGES.shortlist);
}, 120_000);

const ROUTES = {
  pdf: (id: string) => `/candidates/get-pdf?id=${id}`,
  cv: (id: string) => `/candidates/${id}/cv`,
  blindCv: (id: string) => `/candidates/resume/${id}`,
};

/** The profile's canDownload as `who` opens it from `projectId`'s board, and each route's status for the same caller. */
async function downloads(who: Who, projectId: number) {
  const res = await w.as(who).get(`/search/candidates/${w.cid('Ava')}?projectId=Project:${projectId}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const statuses: Record<string, number> = {};
  for (const [kind, path] of Object.entries(ROUTES)) statuses[kind] = (await w.as(who).get(path(w.cid('Ava')))).status;
  return { canDownload: res.body.canDownload as Record<string, boolean>, statuses };
}

describe("The profile's downloads, by role", () => {
  it('offers a RaaS company the blind CV only, which its route serves; the PDF and CV are refused by theirs', async () => {
    const { canDownload, statuses } = await downloads('raas', w.projects.raasPower);
    expect(canDownload).toEqual({ pdf: false, cv: false, blindCv: true });
    expect(statuses).toEqual({ pdf: 403, cv: 403, blindCv: 200 });
  });

  it('offers a company none, all refused', async () => {
    const { canDownload, statuses } = await downloads('company', w.projects.acme);
    expect(canDownload).toEqual({ pdf: false, cv: false, blindCv: false });
    expect(statuses).toEqual({ pdf: 403, cv: 403, blindCv: 403 });
  });

  it('offers admins all three, all served', async () => {
    const { canDownload, statuses } = await downloads('admin', w.projects.raasPower);
    expect(canDownload).toEqual({ pdf: true, cv: true, blindCv: true });
    expect(statuses).toEqual({ pdf: 200, cv: 200, blindCv: 200 });
  });

  it('offers a RaaS company no blind CV of a candidate without a first name', async () => {
    await w.knex('candidates').where('id', w.ids.Ava).update({ first_name: '' });
    try {
      const { canDownload, statuses } = await downloads('raas', w.projects.raasPower);
      expect(canDownload.blindCv).toBe(false);
      expect(statuses.blindCv).toBe(403);
    } finally {
      await w.knex('candidates').where('id', w.ids.Ava).update({ first_name: 'Ava' });
    }
  });
});
