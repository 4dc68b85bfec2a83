/**
 * The documents API files' world: the talent world with a project that has no job description yet and a conversation
 * opened on it, the routes that pass a file on (each posting `file` as `name`, with the field it answers on), and a
 * count of what those routes stored.
 */
import type { Response } from 'supertest';
import { expect } from 'vitest';
import { makeProject, type TestProject } from './interviews';
import { bearer, talentWorld, type TalentWorld } from './talent';

export interface DocumentsWorld extends TalentWorld {
  project: TestProject;
  /** The conversation the company opened on `project` (for chat attachments). */
  conversationId: number;
}

/** A route that takes a file: `post` sends `file` as `name`, and a refusal names `field`. */
export interface FileRoute {
  route: string;
  field: string;
  post: (file: Buffer, name: string) => Promise<Response>;
}

/** The talent world, a project without a job description, and the conversation its company opened with "Hello". */
export async function documentsWorld(): Promise<DocumentsWorld> {
  const world = await talentWorld();
  const project = await makeProject(world.t.knex, { jobDescription: null });
  const first = await world.t.http
    .post(`/api/v1/projects/${project.id}/conversation/messages`)
    .set(bearer(world.company))
    .send({ body: 'Hello' });
  expect(first.status, JSON.stringify(first.body)).toBeLessThan(300);
  return { ...world, project, conversationId: first.body.data.conversationId };
}

/** The routes both documents files post to: the admin's CV import, the project's job description, a chat attachment. */
export function fileRoutes(w: DocumentsWorld): Record<'cvImport' | 'projectJd' | 'chat', FileRoute> {
  return {
    cvImport: {
      route: 'console CV import',
      field: 'file',
      post: async (file, name) =>
        w.t.http.post('/api/v1/candidates/cv-data').set(bearer(w.admin)).attach('file', file, name),
    },
    projectJd: {
      route: "a project's job description",
      field: 'jd_file',
      post: async (file, name) =>
        w.t.http
          .post('/api/v1/projects/add-job-description')
          .set(bearer(w.company))
          .field('project_id', `Project:${w.project.id}`)
          .attach('jd_file', file, name),
    },
    chat: {
      route: 'a chat attachment',
      field: 'attachment',
      post: async (file, name) =>
        w.t.http
          .post(`/api/v1/conversations/${w.conversationId}/messages`)
          .set(bearer(w.company))
          .attach('attachment', file, name),
    },
  };
}

/** What the file routes stored: CV uploads, chat attachments, and the project's job description file's name. */
export async function storedDocuments(w: DocumentsWorld) {
  const [cv, chat, jd] = await Promise.all([
    w.t.knex('cv_uploads').count('* as n').first(),
    w.t.knex('chat_messages').whereNotNull('attachment_key').count('* as n').first(),
    w.t.knex('projects').where('id', w.project.id).first('jd_file_name'),
  ]);
  return { cv: Number(cv?.n), chat: Number(chat?.n), jd: (jd?.jd_file_name as string | null) ?? null };
}
