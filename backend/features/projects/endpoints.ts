/**
 * Writing projects (spec section 7, "Projects"), every call through the projects' write rules
 * (projectWrites.ts) and plan rules (plans.ts):
 *   POST projects/create, projects/create/new-project   a project (+ `filters` as its saved search,
 *                                                      + `candidateIds` curated into its suggested tab; + `clientId`,
 *                                                      the dialog's key: a repeat answers the project it made, repeats.ts)
 *   POST projects/add-job-description                  multipart jd_file (PDF/DOCX) + project_id
 *   PUT  projects/update/project, projects/update/filters (update/project with the `updatedAt` the form read: a
 *        project changed since, a colleague's hand-over, a close, is refused with 409 'errors.changedMeanwhile')
 *   POST projects/duplicate-project                    description, requirements and filters; not the candidates
 * Answers `{success, data: <project>}`.
 */
import { z } from 'zod';
import { clientKey, flag, ids, specKeys } from '../../../schema/validation/inputs';
import { actorRefs, type Actor } from '../../../schema/roles';
import { curates, mayPlaceFor } from '../../../schema/rules/stages';
import { statusSql, viewerOf } from '../../../schema/rules/visibility';
import type { AppAbility } from '../../../schema/ability';
import type { Knex } from 'knex';
import type { FileStorage } from '../../adapters/storage';
import { storageFor } from '../../adapters/storage/select';
import type { Row } from '../../crud/serialize';
import { assertCurrentRow } from '../../crud/staleness';
import { validateRecord } from '../../crud/validate';
import type { AppContext } from '../../context';
import { defineEndpoint, type Call } from '../../endpoints/define';
import { AppError, badRequest, forbidden } from '../../errors';
import { scopeQuery } from '../../permissions/sql';
import { sniffCvType } from '../../services/documents/extractText';
import { readJobDescription } from '../../services/documents/jobDescription';
import { DOCUMENT_UPLOAD } from '../../services/documents/uploadSpec';
import { ACTIVITY } from '../../../schema/rules/pipeline';
import { filtersText, projectRef, projectWriteContext } from './inputs';
import { queueCuratedEmail } from '../pipeline';
import { candidatesCurated } from '../notifications';
import { contentErrors, createProject, projectEntity, updateProject } from './projectWrites';
import { presentProjects, projectFor, type ProjectRef } from './read';
import { repeatedProject } from './repeats';

export const JD_FOLDER = 'job-descriptions';

/** Deletes a job description file a project let go of, once no project uses it (a duplicate shares its original's). */
export async function releaseJdFile(knex: Knex, storage: FileStorage, key: string | null | undefined): Promise<void> {
  if (key && !(await knex('projects').where('jd_file_path', key).first('id'))) await storage.delete(key);
}
const MAX_CURATED = 200;

/** The project as the answers show it. */
export async function projectAnswer(call: Pick<Call, 'ctx' | 'actor' | 'ability' | 'record'>, id: number) {
  const row = await projectFor(call.ctx.knex, call.ability, id);
  const [data] = await presentProjects(
    { knex: call.ctx.knex, actor: call.actor, ability: call.ability, record: call.record },
    [row],
  );
  return data;
}

/**
 * Curates candidates into a project's suggested tab (stage 0, curated): all or none. An admin must
 * curate a company's project (`mayPlaceFor`, as pipeline/reach.ts `requireCurates`: an advocate only on one they
 * advocate, else 403 and, inside the create's transaction, no project either). Only candidates the
 * caller may read whose status the curate call takes (statusSql: active or semi-active for admins; a
 * paused one is not); any other is 400 `candidateIds.errors.notFound`. When an admin curates the project, the
 * company hears of it as from the curate call, in the create's transaction: the in-app notice and the batched email.
 */
export async function curateCandidates(
  trx: Knex.Transaction,
  who: { actor: Actor; ability: AppAbility; ctx: Pick<AppContext, 'config'> },
  project: { id: number; companyId: number | null; advocateId: number | null },
  candidateIds: number[],
) {
  // The pipeline's rule (pipeline/reach.ts `requireCurates`), over the new project.
  if (!mayPlaceFor(who.actor, project)) throw forbidden();
  const viewer = viewerOf(who.actor);
  const found = (await scopeQuery(
    trx('candidates').whereIn('id', candidateIds).whereRaw(statusSql(viewer, 'candidates')),
    who.ability,
    'read',
    'Candidate',
    'candidates',
  ).pluck('id')) as number[];
  if (found.length !== candidateIds.length) throw badRequest({ candidateIds: 'candidateIds.errors.notFound' });
  const now = new Date();
  const added = (await trx('project_candidates')
    .insert(
      candidateIds.map((candidateId) => ({
        project_id: project.id,
        candidate_id: candidateId,
        company_id: project.companyId,
        stage: 0,
        curated: true,
        last_recruitment_updated_at: now,
      })),
    )
    .onConflict(['project_id', 'candidate_id'])
    .ignore()
    .returning('candidate_id')) as { candidate_id: number }[];
  if (!added.length) return 0;
  await trx('candidate_recruitment_stage_logs').insert(
    added.map((r) => ({
      candidate_id: r.candidate_id,
      activity: ACTIVITY.curated,
      project_id: project.id,
      to_stage: 0,
      actor_kind: actorRefs(who.actor).kind,
      actor_id: who.actor.id,
      company_id: project.companyId,
    })),
  );
  // An admin's curation is the platform's decision, and the company hears of it.
  if (curates(who.actor, project)) {
    await queueCuratedEmail(trx, project.id);
    const curated = added.map((r) => r.candidate_id);
    await candidatesCurated(trx, who.ctx.config, project.id, curated, who.actor);
  }
  return added.length;
}

const createBody = z.looseObject({
  filters: filtersText,
  candidateIds: ids('candidate', MAX_CURATED).optional(),
  jdFileFollows: flag().optional(),
  // The new-project dialog's key, the same on every try of one create (repeats.ts); API clients may send none.
  clientId: clientKey(),
});

async function create(call: Call<undefined, undefined, typeof createBody>) {
  const { filters, candidateIds, jdFileFollows, clientId, ...fields } = call.body;
  if (typeof filters === 'string') fields.currentUrl = filters;
  let data: Record<string, unknown>;
  try {
    data = validateRecord(projectEntity, fields, 'create');
  } catch (err) {
    // Every missing field at once: the content rules join the declaration's.
    if (err instanceof AppError && err.fields)
      throw badRequest({ ...contentErrors(fields, jdFileFollows === true), ...err.fields });
    throw err;
  }
  const id = await call.ctx.knex.transaction(async (trx) => {
    const repeated = clientId ? await repeatedProject(trx, call.actor, data, clientId) : undefined;
    if (repeated) return repeated;
    const id = await createProject({ ...projectWriteContext(call, trx), data, jdFileFollows, clientId });
    if (candidateIds?.length) {
      const created = (await trx('projects').where('id', id).first('company_id', 'advocate_id')) as {
        company_id: number | null;
        advocate_id: number | null;
      };
      const project = { id, companyId: created.company_id, advocateId: created.advocate_id };
      await curateCandidates(trx, call, project, candidateIds);
    }
    return id;
  });
  return { success: true, data: await projectAnswer(call, id) };
}

const projectBody = specKeys(z.looseObject({ projectId: projectRef, filters: filtersText }));

async function update(call: Call<undefined, undefined, typeof projectBody>) {
  const { projectId, filters, ...fields } = call.body;
  if (typeof filters === 'string') fields.currentUrl = filters;
  const existing = await projectFor(call.ctx.knex, call.ability, projectId, 'update');
  const data = validateRecord(projectEntity, fields, 'update');
  await call.ctx.knex.transaction(async (trx) => {
    // The settings form sends the `updatedAt` it read: a project changed since is refused (crud/staleness.ts).
    await assertCurrentRow(trx, 'projects', existing.id as number, fields);
    await updateProject({ ...projectWriteContext(call, trx), id: existing.id, existing, data });
  });
  return { success: true, data: await projectAnswer(call, existing.id) };
}

/** What a duplicate copies: the description, the requirements and the saved search; the plan's rules apply anew. */
const COPIED = [
  'jobTitleId',
  'countries',
  'companyId',
  'ownerId',
  'advocateId',
  'plan',
  'isAdminProject',
  'requireSponsorVisa',
  'workingMode',
  'noticePeriod',
  'requireLanguages',
  'isRelocate',
  'comments',
  'headcount',
  'salaryMin',
  'salaryMax',
  'salaryCurrency',
  'dateTimeSlots',
  'jobDescription',
  'jdFilePath',
  'jdFileName',
  'jdText',
  'currentUrl',
  'projectFor',
  'isConfidential',
] as const;

function duplicateOf(row: Row): Record<string, unknown> {
  const data: Record<string, unknown> = Object.fromEntries(COPIED.map((k) => [k, row[k]]));
  data.title = `${String(row.title)} (copy)`.slice(0, 160);
  data.status = 0;
  if (Array.isArray(data.dateTimeSlots)) data.dateTimeSlots = JSON.parse(JSON.stringify(data.dateTimeSlots));
  return data;
}

const jdBody = specKeys(z.object({ projectId: projectRef }));

/**
 * Stores a job description file like a CV (PDF or DOCX, same limits and refusals) on a project the
 * caller may change, and keeps its text; the answer is the project's id.
 */
export async function storeJobDescription(
  ctx: Pick<AppContext, 'knex' | 'config'>,
  ability: AppAbility,
  actor: Actor,
  projectId: ProjectRef,
  upload: Express.Multer.File,
): Promise<number> {
  const existing = await projectFor(ctx.knex, ability, projectId, 'update');
  const type = sniffCvType(upload.buffer);
  if (!type || !upload.originalname.toLowerCase().endsWith(`.${type}`))
    throw badRequest({ jd_file: 'upload.errors.unsupportedType' }, 'upload.errors.unsupportedType');
  // Kept without its metadata (services/documents/jobDescription.ts): a confidential project's file must not name the company.
  const read = await readJobDescription(ctx, actor, upload.buffer, type, 'jd_file');
  const storage = storageFor(ctx.config);
  const key = await storage.put(read.scrubbed, { folder: JD_FOLDER, ext: type });
  const previous = existing.jdFilePath as string | null;
  try {
    await ctx
      .knex('projects')
      .where('id', existing.id)
      .update({
        jd_file_path: key,
        jd_file_name: upload.originalname.slice(0, 255),
        jd_text: read.text,
        updated_at: ctx.knex.fn.now(),
      });
  } catch (err) {
    await storage.delete(key);
    throw err;
  }
  await releaseJdFile(ctx.knex, storage, previous);
  return existing.id as number;
}

export const projectWriteEndpoints = [
  ...['/projects/create', '/projects/create/new-project'].map((path) =>
    defineEndpoint({
      method: 'post',
      path,
      summary: 'Creates a project (with its saved search and curated candidates)',
      access: { action: 'create', subject: 'Project' },
      input: { body: createBody },
      status: 201,
      handler: create,
    }),
  ),
  defineEndpoint({
    method: 'put',
    path: '/projects/update/project',
    summary: "Updates a project's fields, plan or status by the project rules",
    access: { action: 'update', subject: 'Project' },
    input: { body: projectBody },
    handler: update,
  }),
  defineEndpoint({
    method: 'put',
    path: '/projects/update/filters',
    summary: "Saves a project's search filters (the search page's query string)",
    access: { action: 'update', subject: 'Project' },
    input: { body: specKeys(z.object({ projectId: projectRef, filters: filtersText })) },
    handler: (call) =>
      update({ ...call, body: { projectId: call.body.projectId, filters: call.body.filters ?? '' } } as Call<
        undefined,
        undefined,
        typeof projectBody
      >),
  }),
  defineEndpoint({
    method: 'post',
    path: '/projects/duplicate-project',
    summary: 'Copies a project (description, requirements, filters) into a new active one',
    access: { action: 'create', subject: 'Project' },
    input: { body: specKeys(z.object({ projectId: projectRef })) },
    status: 201,
    handler: async (call) => {
      const original = await projectFor(call.ctx.knex, call.ability, call.body.projectId);
      const data = duplicateOf(original);
      // A company user's copy is theirs.
      if (call.actor.companyId) delete data.ownerId;
      const id = await call.ctx.knex.transaction((trx) => createProject({ ...projectWriteContext(call, trx), data }));
      return { success: true, data: await projectAnswer(call, id) };
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/projects/add-job-description',
    summary: "Stores a project's job description file (PDF or DOCX) and reads its text",
    access: { action: 'update', subject: 'Project' },
    upload: { field: 'jd_file', ...DOCUMENT_UPLOAD, required: true },
    input: { body: jdBody },
    handler: async (call) => {
      const id = await storeJobDescription(call.ctx, call.ability, call.actor, call.body.projectId, call.file!);
      return { success: true, data: await projectAnswer(call, id) };
    },
  }),
];
