/**
 * Sending interview requests and job descriptions (spec sections 4 and 7): one request row per
 * candidate and kind, its token kept only as a hash, the candidate marked requested in the
 * project, the activity logged, and the delivery job queued, all in one transaction; a bulk send
 * is all or nothing. A job description file sent with the requests becomes the project's, kept with its text
 * (jd_text, which AI match reads) as a project's own upload is (services/documents/jobDescription.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { t } from '../../../i18n';
import { actorRefs, type Actor } from '../../../schema/roles';
import {
  REQUEST_CHANNEL,
  REQUEST_KIND,
  REQUEST_STATE,
  WHATSAPP_REQUEST_REPEAT_HOURS,
} from '../../../schema/rules/pipeline';
import { requestsNeedUpgrade, sendsRequests } from '../../../schema/rules/stages';
import type { AppAbility } from '../../../schema/ability';
import { mayContact, viewerOf, type Viewer } from '../../../schema/rules/visibility';
import { storageFor } from '../../adapters/storage/select';
import { whatsappUnavailable } from '../../adapters/whatsapp';
import type { Config } from '../../config';
import { AppError, badRequest } from '../../errors';
import { actorName, logRecruitmentActivity } from '../../services/activity';
import { queueJob } from '../../services/queue';
import { loadProject, placesOf, requireReach } from '../pipeline';
import { JD_FOLDER, releaseJdFile } from '../projects';
import { sniffCvType } from '../../services/documents/extractText';
import { readJobDescription } from '../../services/documents/jobDescription';
import { expiresAt, jdTextErrors, kindOf, requestBody, type ScheduleData } from './rules';
import { requestToken, tokenHash } from './tokens';
import { ownContacts } from '../../services/candidateGate';
import { channelOut, channelShownSql } from './adminList';

export interface SendInput {
  projectId: number;
  candidateId: number[];
  requestAction: string;
  channel: 'email' | 'whatsapp';
  jdText: string | null;
  jdHeader: string | null;
  jdFooter: string | null;
  scheduleData: ScheduleData | null;
}

export interface ProjectRow {
  id: number;
  companyId?: number | null;
  title?: string;
  jobDescription?: string | null;
  jdText?: string | null;
  jdFilePath?: string | null;
  status?: number;
}

/**
 * A free-plan RaaS project must upgrade before its candidates are interviewed: the same rule, and the
 * same refusal, as moving them to interviewing (schema/rules/stages.ts, pipeline/recruitment.ts).
 */
function requireInterviewPlan(project: { projectType: number; plan: number }, candidateIds: number[]) {
  if (requestsNeedUpgrade(project))
    throw new AppError(409, 'project.recruitment.errors.upgradeRequired', undefined, undefined, {
      candidateIds: candidateIds.map((n) => `Candidate:${n}`),
    });
}

/**
 * Of `candidateIds`, those a request reached by WhatsApp in the last WHATSAPP_REQUEST_REPEAT_HOURS, from any project:
 * this request goes to them by email only. Locked per candidate first, so two requests at once do not both message one.
 */
async function recentWhatsapp(trx: Knex.Transaction, candidateIds: number[]): Promise<Set<number>> {
  for (const cid of [...candidateIds].sort((a, b) => a - b))
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`whatsapp-request:${cid}`]);
  const since = new Date(Date.now() - WHATSAPP_REQUEST_REPEAT_HOURS * 3_600_000);
  return new Set(
    (await trx('interview_requests')
      .whereIn('candidate_id', candidateIds)
      .where('channel', REQUEST_CHANNEL.whatsapp)
      .where('created_at', '>', since)
      .pluck('candidate_id')) as number[],
  );
}

/**
 * Of `candidateIds`, those whose contact the sender sees in the project (channelShownSql): the reply names the channel
 * a request took only for them, since it tells whether their phone is marked WhatsApp, or that another request
 * messaged them lately.
 */
async function channelShownTo(trx: Knex.Transaction, viewer: Viewer, projectId: number, candidateIds: number[]) {
  return new Set(
    (await trx('candidates as c')
      .leftJoin('project_candidates as pc', (j) =>
        j.on('pc.candidate_id', 'c.id').andOn('pc.project_id', trx.raw('?', [projectId])),
      )
      .whereIn('c.id', candidateIds)
      .whereRaw(channelShownSql(viewer, 'c', 'pc'))
      .pluck('c.id')) as number[],
  );
}

export async function sendRequests(
  knex: Knex,
  config: Config,
  actor: Actor,
  ability: AppAbility,
  project: ProjectRow,
  input: SendInput,
  file?: Express.Multer.File,
) {
  // A candidate the caller does not reach in the project is not found (schema/rules/visibility.ts).
  const pipelineProject = await loadProject(knex, ability, { id: project.id });
  await requireReach(knex, ability, actor, pipelineProject, input.candidateId);
  const errors = jdTextErrors(input);
  if (Object.keys(errors).length) throw badRequest(errors);
  const hasJd = Boolean(project.jobDescription?.trim() || project.jdText?.trim() || project.jdFilePath);
  if (!hasJd && !input.jdText && !file)
    throw badRequest({ jdText: 'project.interview.errors.jdRequired' }, 'project.interview.errors.jdRequired');
  if (project.status !== undefined && !sendsRequests({ status: project.status }))
    throw new AppError(409, 'project.interview.errors.projectInactive');
  requireInterviewPlan(pipelineProject, input.candidateId);
  const kind = kindOf(input.requestAction);

  // A PDF or Word file named as what it is: the public link serves it under that name.
  const fileType = file ? sniffCvType(file.buffer) : undefined;
  if (file && (!fileType || !file.originalname.toLowerCase().endsWith(`.${fileType}`)))
    throw badRequest({ jdFile: 'upload.errors.unsupportedType' }, 'upload.errors.unsupportedType');

  // The candidates' own contact, to address the request to them (never shown to the sender).
  const candidates = [...(await ownContacts(knex, input.candidateId)).values()];
  const places = await placesOf(knex, project.id, input.candidateId);
  const unavailable = input.candidateId.filter((cid) => {
    const p = places.get(cid);
    return !p || !mayContact(viewerOf(actor), p.candidate, p.place);
  });
  if (unavailable.length) {
    throw new AppError(409, 'project.interview.errors.candidateUnavailable', undefined, undefined, {
      candidateIds: unavailable.map((n) => `Candidate:${n}`),
    });
  }

  const sender = await actorName(knex, actor);
  // Read and scrubbed as a project's own job description file is (services/documents/jobDescription.ts), and kept with
  // its text, which AI match reads; a file that cannot be read is refused, and counts the same.
  const jd =
    file && fileType ? await readJobDescription({ knex, config }, actor, file.buffer, fileType, 'jdFile') : undefined;
  // Stored once the request may go, and removed again when it does not.
  const storage = storageFor(config);
  const storedFile =
    file && fileType && jd
      ? {
          key: await storage.put(jd.scrubbed, { folder: JD_FOLDER, ext: fileType }),
          name: file.originalname.slice(0, 255),
          text: jd.text,
        }
      : undefined;
  let sent;
  try {
    sent = await knex.transaction(async (trx) => {
      for (const cid of [...input.candidateId].sort((a, b) => a - b)) {
        await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`interview-request:${project.id}:${cid}:${kind}`]);
      }
      const existing = await trx('interview_requests')
        .where({ project_id: project.id, kind: REQUEST_KIND[kind] })
        .whereIn('candidate_id', input.candidateId)
        .whereIn('state', [REQUEST_STATE.sent, REQUEST_STATE.approved, REQUEST_STATE.rejected])
        .pluck('candidate_id');
      if (existing.length) {
        throw new AppError(409, 'project.interview.errors.alreadyRequested', undefined, undefined, {
          candidateIds: [...new Set(existing as number[])].map((n) => `Candidate:${n}`),
        });
      }

      const projectUpdate: Record<string, unknown> = {};
      if (input.jdText && !project.jobDescription?.trim()) projectUpdate.job_description = input.jdText;
      if (storedFile)
        Object.assign(projectUpdate, {
          jd_file_path: storedFile.key,
          jd_file_name: storedFile.name,
          jd_text: storedFile.text,
        });
      if (Object.keys(projectUpdate).length)
        await trx('projects')
          .where('id', project.id)
          .update({ ...projectUpdate, updated_at: trx.fn.now() });

      const now = new Date();
      const body = requestBody(input.jdText, project.jobDescription ?? project.jdText);
      // Production without WhatsApp credentials: by email alone (adapters/whatsapp whatsappUnavailable).
      const byWhatsapp = input.channel === 'whatsapp' && !whatsappUnavailable(config);
      const messagedToday = byWhatsapp ? await recentWhatsapp(trx, input.candidateId) : new Set();
      const rows = input.candidateId.map((cid) => {
        const c = candidates.find((row) => row.id === cid);
        const guid = randomUUID();
        const whatsapp = byWhatsapp && Boolean(c?.phone) && c?.phoneWhatsapp !== false && !messagedToday.has(cid);
        return {
          guid,
          project_id: project.id,
          candidate_id: cid,
          company_id: project.companyId ?? null,
          kind: REQUEST_KIND[kind],
          channel: whatsapp ? REQUEST_CHANNEL.whatsapp : REQUEST_CHANNEL.email,
          state: REQUEST_STATE.sent,
          token_hash: tokenHash(requestToken(config.secret, guid)),
          sent_by_admin_id: actorRefs(actor).adminId,
          sent_by_user_id: actorRefs(actor).userId,
          sent_by_name: sender,
          jd_header: input.jdHeader,
          jd_body: body,
          jd_footer: input.jdFooter,
          schedule_data: input.scheduleData ? JSON.stringify(input.scheduleData) : null,
          expires_at: expiresAt(now),
          created_at: now,
          updated_at: now,
        };
      });
      const inserted = await trx('interview_requests')
        .insert(rows)
        .returning(['id', 'candidate_id', 'guid', 'channel', 'expires_at']);

      const marker = kind === 'interview' ? 'interview_requested_at' : 'whitelist_requested_at';
      await trx('project_candidates')
        .insert(
          input.candidateId.map((cid) => ({
            project_id: project.id,
            candidate_id: cid,
            company_id: project.companyId ?? null,
            [marker]: now,
            last_recruitment_updated_at: now,
          })),
        )
        .onConflict(['project_id', 'candidate_id'])
        .merge({ [marker]: now, updated_at: now });

      const shown = await channelShownTo(trx, viewerOf(actor), project.id, input.candidateId);
      for (const row of inserted) {
        await logRecruitmentActivity(trx, {
          candidateId: row.candidate_id,
          activity: kind === 'interview' ? 'interviewRequested' : 'whitelistRequested',
          projectId: project.id,
          actor,
        });
        await queueJob(
          trx,
          'send_interview_request',
          { id: row.id, step: 'deliver' },
          { jobKey: `interview-request-deliver:${row.id}`, maxAttempts: 10 },
        );
      }
      return {
        success: true,
        message: t(kind === 'interview' ? 'project.interview.sent' : 'project.interview.jdSent', {
          count: inserted.length,
        }),
        requests: inserted.map((r) => ({
          id: `InterviewRequest:${r.id}`,
          candidateId: `Candidate:${r.candidate_id}`,
          kind,
          state: 'sent',
          channel: channelOut(r.channel, shown.has(r.candidate_id)),
          expiresAt: new Date(r.expires_at).toISOString(),
        })),
      };
    });
  } catch (err) {
    if (storedFile) await storage.delete(storedFile.key);
    throw err;
  }
  if (storedFile) await releaseJdFile(knex, storage, project.jdFilePath);
  return sent;
}
