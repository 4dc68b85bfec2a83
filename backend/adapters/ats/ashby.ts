/**
 * Ashby's RPC-style API: every call is `POST {base}/<category.method>` with JSON, the API key as
 * the Basic-auth user and an empty password. Refusals of a record come back as HTTP 200 with
 * `success: false` and `errors`, so each answer is checked. Jobs are listed with cursor pages
 * (`moreDataAvailable`, `nextCursor`); a person becomes a candidate, then an application on the
 * job, moved between the job's interview-plan stages by their type; a rejection archives the
 * application with the account's first archive reason.
 */
import type { StageKey } from '../../../schema/rules/pipeline';
import { requestJson, type HttpLimits } from './http';
import { AtsError, type AtsAccount, type AtsJob, type AtsProvider } from './types';

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
  async function rpc<T>(method: string, body: Record<string, unknown>): Promise<Envelope<T>> {
    const answer = await requestJson<Envelope<T>>(
      `${base}/${method}`,
      { method: 'POST', headers, body: JSON.stringify(body) },
      limits,
    );
    if (!answer?.success) {
      const first = answer?.errors?.[0];
      throw new AtsError(
        'rejected',
        (typeof first === 'string' ? first : JSON.stringify(first ?? 'Ashby refused the request')).slice(0, 200),
      );
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

    async createApplication(jobId, person, stage) {
      const candidate = await rpc<{ id: string }>('candidate.create', {
        name: `${person.firstName} ${person.lastName}`.trim(),
        email: person.email,
        ...(person.phone ? { phoneNumber: person.phone } : {}),
      });
      const candidateId = candidate.results?.id;
      if (!candidateId) throw new AtsError('rejected', 'Ashby answered without a candidate id');
      const application = await rpc<{ id: string }>('application.create', {
        candidateId,
        jobId,
        interviewStageId: await stageId(jobId, stage),
      });
      if (!application.results?.id) throw new AtsError('rejected', 'Ashby answered without an application id');
      return application.results.id;
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

    async findByEmail(email) {
      const found = (await rpc<{ id: string; createdAt?: string }[]>('candidate.search', { email })).results?.[0];
      return found ? { since: found.createdAt ?? '' } : null;
    },
  };
  return provider;
}
