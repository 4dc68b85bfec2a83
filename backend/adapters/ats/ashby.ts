/**
 * Ashby's RPC-style API: every call is `POST {base}/<category.method>` with JSON, the API key as
 * the Basic-auth user and an empty password. Refusals of a record come back as HTTP 200 with
 * `success: false` and `errors`, so each answer is checked. Jobs are listed with cursor pages
 * (`moreDataAvailable`, `nextCursor`); a person becomes a candidate, then an application on the
 * job, moved between the job's interview-plan stages by their type; a rejection archives the
 * application with the account's first archive reason. Ashby does not de-duplicate people by
 * email, so `candidate.search` is asked first (the oldest match is the person) and an application
 * the person already has on the job is moved, not made again. `application.info` reads a status back.
 * Ashby has no public delete of a person; its `candidate.anonymize` (candidatesWrite permission)
 * removes their personal data for good and is what an erased person gets. A person Ashby no longer
 * finds counts as erased; any other refusal is the company's to resolve in Ashby. A 403 is a permission
 * the key lacks only when Ashby says so (`missing_endpoint_permission`); its other 403s (a wrong or
 * deactivated key) are refused credentials, as a 401 is.
 */
import type { StageKey } from '../../../schema/rules/pipeline';
import { requestJson, type CallOptions, type HttpLimits } from './http';
import { AtsError, isGone, type AtsAccount, type AtsJob, type AtsPlacement, type AtsProvider } from './types';

export interface AshbyCredentials {
  apiKey: string;
}

/** The Ashby interview-stage type each product stage lands on. */
const STAGE_TYPE: Partial<Record<StageKey, string>> = {
  shortlist: 'PreInterviewScreen',
  interviewing: 'Active',
  interviewing2: 'Active',
  offered: 'Offer',
  placed: 'Hired',
  rejected: 'Archived',
};

/** The product stage each Ashby stage type (or application status) matches, the way back. */
const PRODUCT_STAGE: Partial<Record<string, StageKey>> = {
  PreInterviewScreen: 'shortlist',
  Active: 'interviewing',
  Offer: 'offered',
  Hired: 'placed',
  Archived: 'rejected',
};

interface AshbyCandidate {
  id: string;
  createdAt?: string;
  applicationIds?: string[];
}

interface AshbyApplication {
  id: string;
  status?: string;
  job?: { id: string };
  currentInterviewStage?: { id: string; title?: string; type?: string };
  archiveReason?: { text?: string } | null;
  updatedAt?: string;
}

interface Envelope<T> {
  success: boolean;
  results?: T;
  errors?: unknown[];
  moreDataAvailable?: boolean;
  nextCursor?: string;
}

interface Stage {
  id: string;
  type: string;
  orderInInterviewPlan: number;
}

export function ashbyProvider(base: string, creds: AshbyCredentials, limits?: HttpLimits): AtsProvider {
  const headers = {
    Authorization: `Basic ${Buffer.from(`${creds.apiKey}:`).toString('base64')}`,
    Accept: 'application/json',
    'Content-Type': 'application/json',
  };
  async function rpc<T>(method: string, body: Record<string, unknown>, options?: CallOptions): Promise<Envelope<T>> {
    const answer = await requestJson<Envelope<T>>(
      `${base}/${method}`,
      { method: 'POST', headers, body: JSON.stringify(body) },
      limits,
      options,
    ).catch((err: unknown) => {
      // Ashby answers 403 both for a wrong or deactivated key and for a permission the key lacks
      // (`missing_endpoint_permission`): only the latter is a permission to grant, the former a dead key.
      if (err instanceof AtsError && err.status === 403 && !/permission/i.test(err.message))
        throw new AtsError('auth', err.message, 401);
      throw err;
    });
    if (!answer?.success) {
      const first = answer?.errors?.[0];
      const message = (typeof first === 'string' ? first : JSON.stringify(first ?? 'Ashby refused the request')).slice(
        0,
        200,
      );
      // Ashby answers a record it does not have (`application_not_found`) with HTTP 200: read as the 404 it is.
      throw new AtsError('rejected', message, /not[_ ]found/i.test(message) ? 404 : undefined);
    }
    return answer;
  }
  const stagesByJob = new Map<string, Stage[]>();
  let archiveReason: string | undefined;

  async function stageId(jobId: string, stage: StageKey): Promise<string> {
    let stages = stagesByJob.get(jobId);
    if (!stages) {
      const plan = await rpc<{ interviewPlanId: string }>('jobInterviewPlan.info', { jobId });
      stages =
        (await rpc<Stage[]>('interviewStage.list', { interviewPlanId: plan.results?.interviewPlanId })).results ?? [];
      stagesByJob.set(jobId, stages);
    }
    const found = [...stages]
      .sort((a, b) => a.orderInInterviewPlan - b.orderInInterviewPlan)
      .find((s) => s.type === STAGE_TYPE[stage]);
    if (!found) throw new AtsError('rejected', `the job's interview plan has no ${STAGE_TYPE[stage] ?? stage} stage`);
    return found.id;
  }

  const provider: AtsProvider = {
    async verify(): Promise<AtsAccount> {
      await rpc('job.list', { limit: 1 });
      return {};
    },

    async openJobs(): Promise<AtsJob[]> {
      const jobs: AtsJob[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 100; page++) {
        const answer = await rpc<{ id: string; title: string }[]>('job.list', {
          status: ['Open'],
          limit: 100,
          ...(cursor ? { cursor } : {}),
        });
        jobs.push(...(answer.results ?? []).map((j) => ({ remoteId: j.id, title: j.title })));
        if (!answer.moreDataAvailable || !answer.nextCursor) break;
        cursor = answer.nextCursor;
      }
      return jobs;
    },

    async placeApplication(jobId, person, stage, knownId, personCreated) {
      // Ashby keeps two people with one email without a word: the person is searched for first.
      let candidateId = knownId ?? undefined;
      let found: AtsPlacement['found'] = 'person';
      let applicationIds: string[] = [];
      if (candidateId) {
        const known = await rpc<AshbyCandidate>('candidate.info', { id: candidateId }).catch((err: unknown) => {
          if (isGone(err)) return null;
          throw err;
        });
        if (known?.results) applicationIds = known.results.applicationIds ?? [];
        else candidateId = undefined;
      }
      const relinked = Boolean(knownId) && !candidateId;
      if (!candidateId) {
        const people = (await rpc<AshbyCandidate[]>('candidate.search', { email: person.email })).results ?? [];
        const oldest = [...people].sort((a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? ''))[0];
        candidateId = oldest?.id;
        applicationIds = oldest?.applicationIds ?? [];
      }
      if (!candidateId) {
        const created = await rpc<{ id: string }>(
          'candidate.create',
          {
            name: `${person.firstName} ${person.lastName}`.trim(),
            email: person.email,
            ...(person.phone ? { phoneNumber: person.phone } : {}),
          },
          { once: true },
        );
        candidateId = created.results?.id;
        if (!candidateId) throw new AtsError('rejected', 'Ashby answered without a candidate id');
        found = 'new';
        await personCreated?.(candidateId);
      }
      for (const applicationId of applicationIds) {
        const existing = (await rpc<AshbyApplication>('application.info', { applicationId })).results;
        if (existing?.job?.id !== jobId) continue;
        if (existing.currentInterviewStage?.type !== STAGE_TYPE[stage])
          await provider.moveApplication(existing.id, stage, jobId);
        return { remoteId: existing.id, candidateId, found: 'application', ...(relinked && { relinked }) };
      }
      const application = await rpc<{ id: string }>(
        'application.create',
        { candidateId, jobId, interviewStageId: await stageId(jobId, stage) },
        { once: true },
      );
      if (!application.results?.id) throw new AtsError('rejected', 'Ashby answered without an application id');
      return { remoteId: application.results.id, candidateId, found, ...(relinked && { relinked }) };
    },

    async readStatus(remoteId) {
      const application = await rpc<AshbyApplication>('application.info', { applicationId: remoteId }).catch(
        (err: unknown) => {
          if (err instanceof AtsError && err.code === 'rejected') return null;
          throw err;
        },
      );
      const a = application?.results;
      if (!a) return null;
      const type = a.status === 'Archived' ? 'Archived' : (a.currentInterviewStage?.type ?? a.status);
      return {
        label: a.status === 'Archived' ? 'Archived' : (a.currentInterviewStage?.title ?? a.status ?? ''),
        reason: a.status === 'Archived' ? (a.archiveReason?.text ?? null) : null,
        stage: PRODUCT_STAGE[type ?? ''] ?? null,
        since: a.updatedAt ?? null,
      };
    },

    async moveApplication(remoteId, stage, jobId) {
      const body: Record<string, unknown> = { applicationId: remoteId, interviewStageId: await stageId(jobId, stage) };
      if (stage === 'rejected') {
        archiveReason ??= (await rpc<{ id: string; isArchived?: boolean }[]>('archiveReason.list', {})).results?.find(
          (r) => !r.isArchived,
        )?.id;
        if (!archiveReason) throw new AtsError('rejected', 'the Ashby account has no archive reason');
        body.archiveReasonId = archiveReason;
      }
      await rpc('application.changeStage', body);
    },

    async erasePerson(candidateId) {
      await rpc('candidate.anonymize', { candidateId }).catch((err: unknown) => {
        if (err instanceof AtsError && err.code === 'rejected' && /not[_ ]found/i.test(err.message)) return;
        throw err;
      });
    },

    async findByEmail(email) {
      const found = (await rpc<{ id: string; createdAt?: string }[]>('candidate.search', { email })).results?.[0];
      return found ? { since: found.createdAt ?? '' } : null;
    },
  };
  return provider;
}
