/**
 * Interview requests and job descriptions sent to candidates (spec sections 2, 4 and 7):
 *   POST projects/candidate/interview/request               multipart {jdText?, jdFile?, projectId, candidateId (one or a list), requestAction, channel?, jdHeader?, jdFooter?, scheduleData?}
 *   POST projects/interview-request/check-and-approve       public {interviewRequestToken, accessValue (check|approve), responseMethod, slot?}
 *   POST projects/interview-request/reject                  public {interviewRequestToken, userResponse ({reasons, comment} or text), responseMethod}
 *   GET  projects/interview-request/by-project?project_id=  the latest request of each kind per candidate of a project
 *   GET  projects/jd/:id, projects/download/jd/:id          public: the job description behind a request's 3-day link
 *   GET  dashboard/interview-request-list                   every request, filtered, sorted and paged
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import { REQUEST_KIND } from '../../../schema/rules/pipeline';
import { onBoardSql, statusSql, viewerOf, type Viewer } from '../../../schema/rules/visibility';
import { storageFor } from '../../adapters/storage/select';
import { defineEndpoint } from '../../endpoints/define';
import { AppError, notFound } from '../../errors';
import { sendStream } from '../../http/sendStream';
import { DOCUMENT_UPLOAD } from '../../services/documents/uploadSpec';
import { answerOrExpire, projectData, type RequestRow } from './answer';
import {
  channelOut,
  channelShownSql,
  interviewRequestList,
  listQuery,
  messageColumns,
  REQUEST_COLUMNS,
  whatsappOut,
} from './adminList';
import { approveBody, projectQuery, rejectBody, SEND_FORM_FIELDS, sendBody } from './inputs';
import { jdFileShown, stateName } from './rules';
import { sendRequests } from './send';

const guidParam = z.object({ id: z.uuid() });

/** The request behind a public job-description link, while the link is valid (3 days). */
async function requestForJd(knex: Knex, guid: string): Promise<RequestRow> {
  const request = (await knex('interview_requests').where('guid', guid).first()) as RequestRow | undefined;
  if (!request) throw notFound('project.jd.errors.notFound');
  if (new Date(request.expires_at).getTime() <= Date.now()) throw new AppError(410, 'project.jd.errors.expired');
  return request;
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/**
 * A project's interview and job-description requests: the latest of each kind per candidate, with its
 * state and answer; the channel, and how a WhatsApp message went (whatsappOut), only where the caller sees the
 * candidate's contact (channelShownSql).
 */
export async function requestsOfProject(knex: Knex, projectId: number, viewer: Viewer) {
  // Only of candidates the board shows the caller (visibility.ts): met at all, in a stage they see.
  const rows = await knex('interview_requests as ir')
    .join('candidates as c', 'c.id', 'ir.candidate_id')
    .leftJoin('project_candidates as pc', (on) =>
      on.on('pc.project_id', 'ir.project_id').andOn('pc.candidate_id', 'ir.candidate_id'),
    )
    .where('ir.project_id', projectId)
    .whereRaw(`(pc.id is null and ${statusSql(viewer, 'c')} or ${onBoardSql(viewer, 'c', 'pc')})`)
    .distinctOn('ir.candidate_id', 'ir.kind')
    .orderBy([{ column: 'ir.candidate_id' }, { column: 'ir.kind' }, { column: 'ir.id', order: 'desc' }])
    .select(
      ...REQUEST_COLUMNS,
      ...messageColumns(knex),
      knex.raw(`(${channelShownSql(viewer, 'c', 'pc')}) as channel_shown`),
    );
  const byCandidate = new Map<number, Record<string, unknown>>();
  for (const r of rows) {
    const entry = byCandidate.get(r.candidate_id) ?? {
      candidateId: `Candidate:${r.candidate_id}`,
      interview: null,
      whitelist: null,
    };
    entry[r.kind === REQUEST_KIND.interview ? 'interview' : 'whitelist'] = {
      id: `InterviewRequest:${r.id}`,
      state: stateName(r.state),
      channel: channelOut(r.channel, Boolean(r.channel_shown)),
      delivery: whatsappOut(channelOut(r.channel, Boolean(r.channel_shown)), r.whatsapp_status, r.whatsapp_error),
      sentAt: iso(r.created_at),
      sentByName: r.sent_by_name,
      answeredAt: iso(r.answered_at),
      expiresAt: iso(r.expires_at),
      rejectReasons: r.reject_reasons ?? [],
      rejectText: r.reject_text,
    };
    byCandidate.set(r.candidate_id, entry);
  }
  return { success: true, data: [...byCandidate.values()] };
}

export const interviewEndpoints = [
  defineEndpoint({
    method: 'post',
    path: '/projects/candidate/interview/request',
    summary: 'Sends an interview request or the job description to one or many candidates of a project',
    access: { action: 'read', subject: 'Project' },
    upload: { field: 'jdFile', ...DOCUMENT_UPLOAD, fields: SEND_FORM_FIELDS },
    input: { body: sendBody },
    row: { entity: 'project', from: { body: 'projectId' }, action: 'read' },
    status: 201,
    handler: ({ body, row, actor, ability, ctx, file }) =>
      sendRequests(ctx.knex, ctx.config, actor, ability, row, body, file),
  }),

  defineEndpoint({
    method: 'post',
    path: '/projects/interview-request/check-and-approve',
    summary:
      "The candidate reads a request through its token ('check') or accepts it ('approve'); a used token changes nothing",
    access: 'public',
    input: { body: approveBody },
    handler: ({ body, actor, ctx }) =>
      answerOrExpire(
        ctx.knex,
        actor,
        {
          token: body.interviewRequestToken,
          answer: body.accessValue === 'approve' ? 'approve' : 'check',
          responseMethod: body.responseMethod,
          slot: body.slot,
        },
        ctx.config,
      ),
  }),

  defineEndpoint({
    method: 'post',
    path: '/projects/interview-request/reject',
    summary: 'The candidate declines a request through its token, with reasons from the list and free text',
    access: 'public',
    input: { body: rejectBody },
    handler: ({ body, actor, ctx }) => {
      const response = body.userResponse;
      return answerOrExpire(
        ctx.knex,
        actor,
        {
          token: body.interviewRequestToken,
          answer: 'reject',
          responseMethod: body.responseMethod,
          reasons: typeof response === 'object' ? response.reasons : undefined,
          comment: typeof response === 'string' ? response : (response?.comment ?? null),
        },
        ctx.config,
      );
    },
  }),

  defineEndpoint({
    method: 'get',
    path: '/projects/interview-request/by-project',
    summary:
      "A project's interview and job-description requests: the latest of each kind per candidate, with the answer",
    access: { action: 'read', subject: 'Project' },
    input: { query: projectQuery },
    row: { entity: 'project', from: { query: 'projectId' }, action: 'read' },
    handler: ({ row, ctx, actor }) => requestsOfProject(ctx.knex, row.id as number, viewerOf(actor)),
  }),

  defineEndpoint({
    method: 'get',
    path: '/projects/jd/:id',
    summary: 'The job description behind a request’s public link (valid 3 days)',
    access: 'public',
    input: { params: guidParam },
    handler: async ({ params, ctx }) => {
      const request = await requestForJd(ctx.knex, params.id);
      const data = await projectData(ctx.knex, request);
      return {
        success: true,
        data: {
          role: data.role,
          company: data.company,
          jdHeader: data.jdHeader,
          jobDescription: data.jobDescription,
          jdFooter: data.jdFooter,
          jdFileName: data.jdFileName,
          expiresAt: data.expiresAt,
          downloadUrl: `/api/v1/projects/download/jd/${request.guid}`,
        },
      };
    },
  }),

  defineEndpoint({
    method: 'get',
    path: '/projects/download/jd/:id',
    summary: 'Downloads the job description behind a request’s public link (the file, or the text)',
    access: 'public',
    input: { params: guidParam },
    raw: true,
    handler: async ({ params, ctx, res }) => {
      const request = await requestForJd(ctx.knex, params.id);
      const project = await ctx
        .knex('projects')
        .where('id', request.project_id)
        .first('title', 'job_description', 'jd_file_path', 'jd_file_name', 'is_confidential');
      const stream = project?.jd_file_path ? await storageFor(ctx.config).get(project.jd_file_path) : undefined;
      const safe = (name: string) => name.replace(/[^\w.-]+/g, '_').slice(0, 120) || 'job-description';
      if (stream) {
        const name = safe(jdFileShown(project));
        const type = project.jd_file_path.endsWith('.pdf')
          ? 'application/pdf'
          : 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
        // The type set after the name: Express takes a type from the name's extension, whatever the file holds.
        res.status(200).attachment(name).type(type);
        await sendStream(res, stream);
        return;
      }
      const text = [project?.title, request.jd_header, project?.job_description || request.jd_body, request.jd_footer]
        .filter(Boolean)
        .join('\n\n');
      if (!text) throw notFound('project.jd.errors.notFound');
      res
        .status(200)
        .type('text/plain; charset=utf-8')
        .attachment(`${safe(project?.title ?? 'job-description')}.txt`)
        .send(text);
    },
  }),

  defineEndpoint({
    method: 'get',
    path: '/dashboard/interview-request-list',
    summary:
      'Every interview and job-description request with its answer: filters (company, project, state, kind, channel, dates), sort, pages',
    access: { action: 'read', subject: 'InterviewRequest' },
    input: { query: listQuery },
    handler: ({ query, ability, actor, ctx }) => interviewRequestList(ctx.knex, ability, actor, query),
  }),
];
