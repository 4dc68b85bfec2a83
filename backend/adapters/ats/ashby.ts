/**
 * Ashby's RPC-style API: every call is `POST {base}/<category.method>` with JSON, the API key as
 * the Basic-auth user and an empty password. Refusals of a record come back as HTTP 200 with
 * `success: false` and `errorInfo: {code, message, requestId}` (older answers: `errors: [...]`; both
 * are read), so each answer is checked and its code and message are the refusal's reason; a code or
 * message saying not found (`application_not_found`) is the 404 it means. Jobs are listed with cursor pages
 * (`moreDataAvailable`, `nextCursor`); a person becomes a candidate, then an application on the
 * job, moved between the job's interview-plan stages by their type; a rejection archives the
 * application with an archive reason the organisation gives (`reasonType` RejectedByOrg, else Other; never
 * one saying the candidate withdrew), and is refused, naming what to add in Ashby, when the account has
 * none. `application.info` names the candidate the application is filed under now: after a recruiter
 * merges people in Ashby, the survivor, which the sync then links. Ashby does not de-duplicate people by
 * email, so `candidate.search` is asked first (the oldest match is the person) and an application
 * the person already has on the job is moved, not made again; a Hired one is never moved back (an archived one moved to
 * a stage is taken back by that move, as Ashby does it). A create left unanswered (a time-out, a dropped
 * connection, a 5xx) is not sent again: the person is searched for by email, the application among the person's
 * on the job (`candidate.info`, `application.info`), and the one found is linked (lost.ts). `application.info` reads a status back.
 * Ashby has no public delete of a person; its `candidate.anonymize` (candidatesWrite permission)
 * removes their personal data for good and is what an erased person gets. An erasure follows the
 * person's application first, as the sync does: when `application.info` files it under another person
 * now (merged in Ashby before the next sync saw it), that survivor, a person the product did not make,
 * is answered for the company's list and nothing is anonymised. A person Ashby no longer finds counts
 * as erased only when their application names no other person; any other refusal is the company's to
 * resolve in Ashby. As Ashby documents, a missing key is a 401 and a wrong or deactivated one a 403,
 * both refused credentials; a 403 is a permission the key lacks only when Ashby says so
 * (`missing_endpoint_permission`, kept with its message).
 */
import type { StageKey } from '../../../schema/rules/pipeline';
import { requestJson, vendorMessage, type CallOptions, type HttpLimits } from './http';
import { createOrFind } from './lost';
import {
  AtsError,
  isGone,
  type AtsAccount,
  type AtsJob,
  type AtsMoved,
  type AtsPlacement,
  type AtsProvider,
} from './types';

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
  candidate?: { id?: string } | null;
  updatedAt?: string;
}

interface Envelope<T> {
  success: boolean;
  results?: T;
  errorInfo?: { code?: string; message?: string; requestId?: string };
  errors?: unknown[];
  moreDataAvailable?: boolean;
  nextCursor?: string;
}

interface ArchiveReason {
  id: string;
  text?: string;
  reasonType?: string;
  isArchived?: boolean;
}

/** The archive reasons a rejection by the company may carry, best first (`RejectedByCandidate` never). */
const REJECTION_TYPES = ['RejectedByOrg', 'Other'];

/** Ashby's refusal of a call answered 200 `success: false`, in either body shape; not found is the 404 it means. */
function refusal(answer: Envelope<unknown> | null | undefined): AtsError {
  const said = answer && vendorMessage(answer, 200);
  const message = said && said !== 'HTTP 200' ? said : 'Ashby refused the call without saying why';
  return new AtsError('rejected', message, /not[_ ]found/i.test(answer?.errorInfo?.code ?? message) ? 404 : undefined);
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
      if (err instanceof AtsError && err.status === 403 && !/missing_endpoint_permission/i.test(err.message))
        throw new AtsError('auth', err.message, 401);
      throw err;
    });
    // Ashby answers a record it does not have (`application_not_found`) with HTTP 200: read as the 404 it is.
    if (!answer?.success) throw refusal(answer);
    return answer;
  }
  /** The oldest person `candidate.search` finds with the email: Ashby keeps more than one without a word. */
  async function oldestWithEmail(email: string): Promise<AshbyCandidate | undefined> {
    const people = (await rpc<AshbyCandidate[]>('candidate.search', { email })).results ?? [];
    return [...people].sort((a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? ''))[0];
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

  /** An application as `application.info` reads it, or null once Ashby no longer has it. */
  async function applicationInfo(applicationId: string): Promise<AshbyApplication | null> {
    const answer = await rpc<AshbyApplication>('application.info', { applicationId }).catch((err: unknown) => {
      if (isGone(err)) return null;
      throw err;
    });
    return answer?.results ?? null;
  }

  /**
   * Moves application `a` (as read) to `stage` with `application.changeStage`: a hired one is left as it is (never
   * moved back), one already at the stage's type gets no call, a rejection archives it with the organisation's
   * reason, and an archived one moved to an active stage is taken back by that move, as Ashby does it.
   */
  async function moveFrom(a: AshbyApplication, stage: StageKey, jobId: string): Promise<AtsMoved | undefined> {
    if (a.status === 'Hired') return stage === 'placed' ? 'there' : 'hired';
    const archived = a.status === 'Archived';
    if (archived ? stage === 'rejected' : a.currentInterviewStage?.type === STAGE_TYPE[stage]) return 'there';
    const remoteId = a.id;
    const body: Record<string, unknown> = { applicationId: remoteId, interviewStageId: await stageId(jobId, stage) };
    if (stage === 'rejected') {
      if (!archiveReason) {
        const reasons = ((await rpc<ArchiveReason[]>('archiveReason.list', {})).results ?? []).filter(
          (r) => !r.isArchived,
        );
        archiveReason = REJECTION_TYPES.map((type) => reasons.find((r) => r.reasonType === type)).find(Boolean)?.id;
      }
      if (!archiveReason)
        throw new AtsError(
          'rejected',
          'Ashby has no archive reason for a rejection by the company: add an archive reason of type RejectedByOrg (or Other) in Ashby, then sync again',
        );
      body.archiveReasonId = archiveReason;
    }
    await rpc('application.changeStage', body);
    return archived ? 'reactivated' : undefined;
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
      let settled: AtsPlacement['settled'];
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
        const oldest = await oldestWithEmail(person.email);
        candidateId = oldest?.id;
        applicationIds = oldest?.applicationIds ?? [];
      }
      if (!candidateId) {
        // A create left unanswered may have made the person: the oldest holding the email now is them.
        const made = await createOrFind(
          'person',
          async () => {
            const created = await rpc<{ id: string }>(
              'candidate.create',
              {
                name: `${person.firstName} ${person.lastName}`.trim(),
                email: person.email,
                ...(person.phone ? { phoneNumber: person.phone } : {}),
              },
              { once: true },
            );
            if (!created.results?.id) throw new AtsError('rejected', 'Ashby answered without a candidate id');
            return created.results.id;
          },
          async () => (await oldestWithEmail(person.email))?.id,
        );
        candidateId = made.value;
        settled = made.settled;
        found = 'new';
        await personCreated?.(candidateId);
      }
      const personId = candidateId;
      const onJob = async (ids: string[]) => {
        for (const applicationId of ids) {
          const existing = (await rpc<AshbyApplication>('application.info', { applicationId })).results;
          if (existing?.job?.id === jobId) return existing;
        }
        return undefined;
      };
      const existing = await onJob(applicationIds);
      if (existing) {
        const moved = await moveFrom(existing, stage, jobId);
        return {
          remoteId: existing.id,
          candidateId,
          found: 'application',
          ...(relinked && { relinked }),
          ...(moved && { moved }),
        };
      }
      const application = await createOrFind(
        'application',
        async () => {
          const answer = await rpc<{ id: string }>(
            'application.create',
            { candidateId: personId, jobId, interviewStageId: await stageId(jobId, stage) },
            { once: true },
          );
          if (!answer.results?.id) throw new AtsError('rejected', 'Ashby answered without an application id');
          return answer.results.id;
        },
        // The person's applications as Ashby lists them now, the one on the job among them.
        async () => {
          const now = (await rpc<AshbyCandidate>('candidate.info', { id: personId })).results;
          return (await onJob(now?.applicationIds ?? []))?.id;
        },
      );
      settled ??= application.settled;
      return {
        remoteId: application.value,
        candidateId,
        found,
        ...(relinked && { relinked }),
        ...(settled && { settled }),
      };
    },

    async readStatus(remoteId) {
      const a = await applicationInfo(remoteId);
      if (!a) return null;
      const type = a.status === 'Archived' ? 'Archived' : (a.currentInterviewStage?.type ?? a.status);
      return {
        label: a.status === 'Archived' ? 'Archived' : (a.currentInterviewStage?.title ?? a.status ?? ''),
        reason: a.status === 'Archived' ? (a.archiveReason?.text ?? null) : null,
        stage: PRODUCT_STAGE[type ?? ''] ?? null,
        since: a.updatedAt ?? null,
        // Another id after a recruiter merged the person into another in Ashby: the survivor.
        candidateId: a.candidate?.id ?? null,
      };
    },

    async moveApplication(remoteId, stage, jobId) {
      // Read first: a hired application is never moved back (a 404 is the application gone).
      const now = await applicationInfo(remoteId);
      if (!now) throw new AtsError('rejected', 'Ashby no longer has the application', 404);
      return moveFrom(now, stage, jobId);
    },

    async erasePerson(candidateId, applicationId) {
      // The person the application is filed under now, as the sync follows it: another after a merge in Ashby.
      const survivor = async () => {
        if (!applicationId) return undefined;
        const filed = (await applicationInfo(applicationId))?.candidate?.id;
        return filed && filed !== candidateId ? { filedUnder: filed } : undefined;
      };
      const merged = await survivor();
      if (merged) return merged;
      try {
        await rpc('candidate.anonymize', { candidateId });
      } catch (err) {
        if (!isGone(err)) throw err;
        // Not found: erased only if the application does not now name a live person (merged meanwhile).
        return survivor();
      }
    },

    async findByEmail(email) {
      const found = (await rpc<{ id: string; createdAt?: string }[]>('candidate.search', { email })).results?.[0];
      return found ? { since: found.createdAt ?? '' } : null;
    },
  };
  return provider;
}
