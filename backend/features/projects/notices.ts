/**
 * What projects tell their owners by email, through the one outbox:
 *   - new curated candidates, batched: the pipeline's `queueCuratedEmail` (pipeline/curatedEmail.ts)
 *     queues one `email_curated_candidates` job per project
 *     (job key), to run no earlier than a day after the last such email; the job counts the candidates
 *     admins curated since that email (their curation's log) that the owner's board shows (onBoardSql: an active
 *     candidate who did not withdraw consent, in a stage the owner sees) and sends one message with the project's
 *     link, to the owner and the project's other readers whose candidateCurated channel includes email, where they stand
 *     until they choose ("in the app" and "off" send none; the kind's notices email nobody: this is its one email); nothing is sent for a closed (inactive)
 *     project or a company that is not active;
 *   - a Power project that ended with its cycle (cancelled, or not enough credits to renew).
 * Both are safe to run twice: a second run finds nothing new to tell.
 */
import type { Knex } from 'knex';
import { t } from '../../../i18n';
import { ACTOR_KINDS, roleOfCompanyType } from '../../../schema/roles';
import { ACTIVITY, PROJECT_STATUS } from '../../../schema/rules/pipeline';
import { onBoardSql, type Viewer } from '../../../schema/rules/visibility';
import type { Config } from '../../config';
import { emailOf, linkedAs, type Paragraph } from '../../services/mail/templates';
import { queueEmail } from '../../services/mail/outbox';
import { queueCuratedEmail } from '../pipeline';
import { byEmail, projectFacts, projectReaders } from '../notifications';
import { RECIPIENT_KIND } from '../../../schema/entities/live/notification';

interface Person {
  kind: (typeof RECIPIENT_KIND)[keyof typeof RECIPIENT_KIND];
  id: number;
  email: string;
  first_name: string | null;
}

/**
 * Who hears about a project: its owner (a company user not deactivated), or the admin who owns an internal project
 * when active (status 1, as adminRecipients reads admins).
 */
async function recipientOf(
  trx: Knex,
  project: { owner_id: number | null; owner_admin_id: number | null },
): Promise<Person | undefined> {
  const person = (kind: Person['kind']) => (row?: Omit<Person, 'kind'>) => (row ? { ...row, kind } : undefined);
  if (project.owner_id)
    return trx('company_users')
      .where('id', project.owner_id)
      .whereNot('status', 2)
      .first('id', 'email', 'first_name')
      .then(person(RECIPIENT_KIND.companyUser));
  if (project.owner_admin_id)
    return trx('admins')
      .where({ id: project.owner_admin_id, status: 1 })
      .first('id', 'email', 'first_name')
      .then(person(RECIPIENT_KIND.admin));
  return undefined;
}

/**
 * Whom the batched curated-candidates email reaches, the email of the candidateCurated kind (whose notices email
 * nobody): the owner and the project's other company users who may open it, each whose channel for the kind includes
 * email (the notifications' one reading of a preference).
 */
async function curatedRecipients(
  trx: Knex,
  project: { id: number; owner_id: number | null; owner_admin_id: number | null },
): Promise<Person[]> {
  const owner = await recipientOf(trx, project);
  const facts = await projectFacts(trx, project.id);
  const readers = facts ? await projectReaders(trx, facts) : [];
  const others = readers.filter((r) => !(owner && r.kind === owner.kind && r.id === owner.id));
  const ownerByEmail = owner ? await byEmail(trx, [owner], 'candidateCurated') : [];
  const othersByEmail = await byEmail(trx, others, 'candidateCurated');
  const names = othersByEmail.length
    ? ((await trx('company_users')
        .whereIn(
          'id',
          othersByEmail.map((r) => r.id),
        )
        .select('id', 'email', 'first_name')) as Omit<Person, 'kind'>[])
    : [];
  return [...ownerByEmail, ...names.map((r) => ({ ...r, kind: RECIPIENT_KIND.companyUser }))];
}

/** companies.status of an active company (schema/entities/company.ts: pending 0, active 1, inactive 2). */
const COMPANY_ACTIVE = 1;

const projectUrl = (config: Config, guid: string) => `${config.publicUrl}/project/${guid}`;

const mail = emailOf;

/** A line of `key` that carries the project's page `values.url`, a link in the HTML part. */
const projectLine = (config: Config, key: string, values: { url: string } & Record<string, string | number>) =>
  linkedAs(config, t(key, values), values.url, 'projectPage');

/** The job: emails the owner the curated candidates added since the last email; returns how many it told of. */
export async function sendCuratedEmail(knex: Knex, config: Config, projectId: number): Promise<number> {
  return knex.transaction(async (trx) => {
    const project = await trx('projects as p')
      .leftJoin('companies as co', 'co.id', 'p.company_id')
      .where('p.id', projectId)
      .forUpdate('p')
      .first('p.guid', 'p.title', 'p.status', 'p.owner_id', 'p.owner_admin_id', 'p.last_curated_email_at', {
        companyStatus: 'co.status',
        companyType: 'co.company_type',
      });
    // A closed project, or one of a company that is not active (pending, suspended, held), tells nobody.
    if (!project || project.status === PROJECT_STATUS.inactive) return 0;
    if (project.companyStatus !== null && project.companyStatus !== COMPANY_ACTIVE) return 0;
    // The owner's board: a company user's (a RaaS company's from the shortlist on), the admins' on an internal project.
    const viewer: Viewer = project.owner_id ? roleOfCompanyType(project.companyType) : 'admin';
    const since = project.last_curated_email_at as Date | null;
    if (since && since.getTime() > Date.now() - 86400_000) {
      // Too soon after the last email: try again when the day is over.
      await queueCuratedEmail(trx, projectId);
      return 0;
    }
    // The candidates admins curated since the last email (their curation's log entries), still suggested to the
    // company: not the project's earlier curated rows, nor those the company added itself, nor one counted twice,
    // nor one the owner's board does not show (paused, consent to be shown withdrawn).
    const { rows } = await trx.raw(
      `select count(distinct l.candidate_id)::int as n from candidate_recruitment_stage_logs l
         join project_candidates pc on pc.project_id = l.project_id and pc.candidate_id = l.candidate_id
         join candidates c on c.id = pc.candidate_id
        where l.project_id = ? and l.activity = ? and l.actor_kind = ? and l.created_at > ?
          and pc.curated and not pc.is_hidden and ${onBoardSql(viewer, 'c', 'pc')}`,
      [projectId, ACTIVITY.curated, ACTOR_KINDS.admin, since ?? new Date(0)],
    );
    const count = (rows[0]?.n as number | undefined) ?? 0;
    const people = count ? await curatedRecipients(trx, { ...project, id: projectId }) : [];
    if (!people.length) return 0;
    for (const to of people) {
      const values = {
        count,
        title: project.title as string,
        url: projectUrl(config, project.guid),
        name: to.first_name || 'there',
      };
      await queueEmail(trx, {
        to: to.email,
        ...mail(config, t('project.emails.curatedSubject', values), [
          t('project.emails.greeting', values),
          t('project.emails.curatedBody', values),
          projectLine(config, 'project.emails.curatedLink', values),
        ]),
      });
    }
    await trx('projects').where('id', projectId).update({ last_curated_email_at: trx.fn.now() });
    return count;
  });
}

/** Tells the owner that a Power project became inactive at the end of its cycle. */
export async function queueProjectEndedEmail(
  trx: Knex.Transaction,
  config: Config,
  project: { guid: string; title: string; owner_id: number | null; owner_admin_id: number | null },
  reason: 'cancelled' | 'noCredits',
): Promise<void> {
  const to = await recipientOf(trx, project);
  if (!to) return;
  const values = { title: project.title, url: projectUrl(config, project.guid), name: to.first_name || 'there' };
  const lines: Paragraph[] = [
    t('project.emails.greeting', values),
    t(reason === 'cancelled' ? 'project.emails.endedCancelled' : 'project.emails.endedNoCredits', values),
  ];
  if (reason === 'noCredits') lines.push(projectLine(config, 'project.emails.endedReopen', values));
  await queueEmail(trx, { to: to.email, ...mail(config, t('project.emails.endedSubject', values), lines) });
}
