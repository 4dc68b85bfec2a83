/**
 * Deleting a company (a General admin's, once it has no people) takes its projects, their support chats and job
 * descriptions with it by cascade: their stored files are deleted by the job the delete queues, as a deleted project's
 * are, instead of staying in storage with no row naming them, where a later erasure could no longer find them.
 */
import { access } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfOf } from '../helpers/cvs';
import { runJobs } from '../helpers/jobs';
import { pipelineWorld, type PipelineWorld } from '../helpers/pipeline';

let w: PipelineWorld;

beforeAll(async () => {
  w = await pipelineWorld();
}, 120_000);
afterAll(async () => {
  await w?.t.knex.destroy();
});

const stored = (key: string) =>
  access(path.join(w.t.config.uploadDir, key)).then(
    () => true,
    () => false,
  );

describe("A deleted company's stored files", () => {
  it("DELETE /companies/:id: its projects' chat attachments and job descriptions are deleted", async () => {
    const projectId = w.projects.memberOwn;
    const posted = await w.t.http
      .post(`/api/v1/projects/${projectId}/conversation/messages`)
      .set('Authorization', `Bearer ${w.tokens.company}`)
      .field('body', 'The brief')
      .attach('attachment', await pdfOf(['Brief', 'Payroll lead']), 'brief.pdf');
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    const attachment = (await w.knex('chat_messages').where('id', posted.body.data.id).first('attachment_key'))
      .attachment_key as string;
    const jd = await w.t.http
      .post('/api/v1/projects/add-job-description')
      .set('Authorization', `Bearer ${w.tokens.company}`)
      .field('project_id', `Project:${projectId}`)
      .attach('jd_file', await pdfOf(['Payroll Lead', 'You will run payroll.']), 'role.pdf');
    expect(jd.status, JSON.stringify(jd.body)).toBe(200);
    const jdKey = (await w.knex('projects').where('id', projectId).first('jd_file_path')).jd_file_path as string;

    // The project and its chat move to a company with nobody in it, which a General admin may delete.
    const created = await w.t.http
      .post('/api/v1/companies')
      .set('Authorization', `Bearer ${w.tokens.admin}`)
      .send({
        companyName: 'Wound Up Pte Ltd',
        legalEntityName: 'Wound Up Pte Ltd',
        companyRegistrationNumber: '201888888Z',
        address: '2 Closing Road, Singapore',
        companyType: 2,
        status: 1,
        validDomains: ['wound-up.example.com'],
      });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const companyId = Number(String(created.body.id).replace(/\D/g, ''));
    await w.knex('projects').where('id', projectId).update({ company_id: companyId, owner_id: null });
    await w.knex('conversations').where('project_id', projectId).update({ company_id: companyId });
    for (const key of [attachment, jdKey]) expect(await stored(key)).toBe(true);

    const deleted = await w.t.http
      .delete(`/api/v1/companies/${created.body.id}`)
      .set('Authorization', `Bearer ${w.tokens.admin}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await w.knex('projects').where('id', projectId).first()).toBeUndefined();
    await runJobs(w.t);
    expect(await stored(attachment)).toBe(false);
    expect(await stored(jdKey)).toBe(false);
  });
});
