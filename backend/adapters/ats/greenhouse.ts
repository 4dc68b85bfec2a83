/**
 * Greenhouse Harvest v3: OAuth 2 client credentials of the customer's own Dev Center app (client
 * id and secret, sent as Basic auth to the token endpoint) buy a Bearer token, renewed when it
 * expires or is refused once; lists are cursor-paged through the `Link` header, followed on
 * Greenhouse's own origin only. A person becomes a candidate, then an application on the job;
 * moves go to the job's stage whose name fits the product stage, a rejection uses the account's
 * first rejection reason. A v3 move names the stage the application is in (`from_stage_id`, read
 * first) and the one it goes to (`to_stage_id`; Greenhouse advances one stage without it), and none
 * is sent when it is there already. The person is found by email before one is created (the oldest
 * match), and an application they already have on the job is moved, not made again; an application's
 * status and current stage are read back. Lists are filtered as v3 names its filters (a parent's ids
 * are plural: `candidate_ids`), and what they answer is checked again here: only people whose email
 * addresses hold the email asked for, only applications of the person asked for, so a filter the API
 * ignores can never make the product move, hire or reject another person's application. An erased
 * person is deleted with Harvest's `DELETE /candidates/{id}`, which takes their applications with
 * them; Harvest v1 named the acting user in an On-Behalf-Of header, v3 takes it from the token (the
 * credential's user, or its `sub`), so Greenhouse's audit log shows the credential's user. An erasure
 * follows the person's application first, as the sync does: when `GET /applications/{id}` files it
 * under another person now (merged in Greenhouse before the next sync saw it), that survivor, a person
 * the product did not make, is answered for the company's list and nothing is deleted. A 404 means the
 * person is already gone only when their application names no other person.
 * A create left unanswered (a time-out, a dropped connection, a 5xx: Greenhouse may have kept it) is not sent
 * again: the person is looked up by email, the application on the person's applications for the job, and the
 * one found is linked (lost.ts); found nothing, the record fails and the next sync looks again first.
 * A person id kept from an earlier push is read first: deleted, or merged into another person, it
 * answers 404 and the person is found again by email; an application read back names the person it
 * is filed under now (the survivor of a merge).
 * A placed candidate is hired as Greenhouse records a hire: `POST /applications/{id}/hire` (only an active one can be
 * hired), added at the offer stage first when new; a hired application reads back as placed ("Hired"), and is never
 * moved back nor hired again (an answer the sync reports). A rejected one moved on is unrejected first
 * (`POST /applications/{id}/unreject`), as Harvest takes one back; the status each move starts from is read first.
 */
import type { StageKey } from '../../../schema/rules/pipeline';
import { nextLink, pageLink, request, type CallOptions, type HttpLimits } from './http';
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

export interface GreenhouseCredentials {
  clientId: string;
  clientSecret: string;
}

/** Which of a job's stages each product stage lands on, by name. */
const STAGE_NAME: Partial<Record<StageKey, RegExp>> = {
  shortlist: /screen|review/i,
  interviewing: /interview/i,
  interviewing2: /interview/i,
  offered: /offer/i,
  // Where a new application of a placed candidate is added before it is hired (a hire is a status, not a stage).
  placed: /offer/i,
};

/** The product stage an active application's current stage matches, by name, the way back (first match wins). */
const BACK: Partial<Record<StageKey, RegExp>> = {
  offered: /offer/i,
  interviewing: /interview/i,
  shortlist: /screen|review/i,
};

interface GreenhouseApplication {
  id: number;
  candidate_id?: number | null;
  job_id: number;
  status: 'active' | 'rejected' | 'hired';
  current_stage?: { id: number; name: string } | null;
  rejection_reason?: { name?: string } | null;
  rejected_at?: string | null;
  last_activity_at?: string | null;
}

interface GreenhousePerson {
  id: number;
  created_at: string;
  email_addresses?: { value?: string | null }[] | null;
}

/** Whether a person listed holds `email` among their addresses (Greenhouse keeps them as typed: case ignored). */
const holdsEmail = (p: GreenhousePerson, email: string) =>
  (p.email_addresses ?? []).some((e) => e.value?.trim().toLowerCase() === email.trim().toLowerCase());

/** The person an application is filed under: after a merge, the surviving person. */
const personOf = (a: GreenhouseApplication) => (a.candidate_id == null ? null : String(a.candidate_id));

export function greenhouseProvider(
  base: string,
  tokenUrl: string,
  creds: GreenhouseCredentials,
  limits?: HttpLimits,
): AtsProvider {
  let token: { value: string; expiresAt: number } | undefined;

  async function accessToken(renew = false): Promise<string> {
    if (!renew && token && token.expiresAt > Date.now() + 30_000) return token.value;
    const { body } = await request<{ access_token?: string; expires_in?: number }>(
      tokenUrl,
      {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from(`${encodeURIComponent(creds.clientId)}:${encodeURIComponent(creds.clientSecret)}`).toString('base64')}`,
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
        },
        body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
      },
      limits,
    ).catch((err: unknown) => {
      // The token endpoint answers 400 invalid_client for a wrong id or secret.
      if (err instanceof AtsError && err.code === 'rejected') throw new AtsError('auth', err.message, err.status);
      throw err;
    });
    if (!body?.access_token) throw new AtsError('auth', 'Greenhouse issued no access token');
    token = { value: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000 };
    return token.value;
  }

  /** A call with the current token; a 401 renews the token once and tries again. */
  async function call<T>(
    method: string,
    pathOrUrl: string,
    body?: unknown,
    options?: CallOptions,
  ): Promise<{ body: T; headers: Headers }> {
    const url = pathOrUrl.startsWith('http') ? pathOrUrl : `${base}${pathOrUrl}`;
    const send = async (renew: boolean) =>
      request<T>(
        url,
        {
          method,
          headers: {
            Authorization: `Bearer ${await accessToken(renew)}`,
            Accept: 'application/json',
            'Content-Type': 'application/json',
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        },
        limits,
        options,
      );
    try {
      return await send(false);
    } catch (err) {
      if (err instanceof AtsError && err.code === 'auth' && err.status === 401) return send(true);
      throw err;
    }
  }
  const stagesByJob = new Map<string, { id: number; name: string; priority: number }[]>();
  let rejectionReason: number | undefined;

  async function stageId(jobId: string, stage: StageKey): Promise<number> {
    let stages = stagesByJob.get(jobId);
    if (!stages)
      stagesByJob.set(
        jobId,
        (stages =
          (
            await call<{ id: number; name: string; priority: number }[]>(
              'GET',
              `/job_stages?job_id=${encodeURIComponent(jobId)}`,
            )
          ).body ?? []),
      );
    const pattern = STAGE_NAME[stage];
    const found = pattern && [...stages].sort((a, b) => a.priority - b.priority).find((s) => pattern.test(s.name));
    if (!found) throw new AtsError('rejected', `the Greenhouse job has no stage for ${stage}`);
    return found.id;
  }

  /** The people holding `email`, oldest first: the filter's answer checked, since a list may ignore a filter. */
  async function peopleWithEmail(email: string): Promise<GreenhousePerson[]> {
    const listed = (
      await call<GreenhousePerson[]>('GET', `/candidates?email=${encodeURIComponent(email)}&per_page=100`)
    ).body;
    return (listed ?? []).filter((p) => holdsEmail(p, email)).sort((a, b) => a.created_at.localeCompare(b.created_at));
  }

  /** The person's application on the job, if they have one (the list's answer checked: only theirs, only that job). */
  async function applicationOnJob(candidateId: string, jobId: string): Promise<GreenhouseApplication | undefined> {
    const listed = (
      await call<GreenhouseApplication[]>(
        'GET',
        `/applications?candidate_ids=${encodeURIComponent(candidateId)}&per_page=100`,
      )
    ).body;
    return listed?.find((a) => personOf(a) === candidateId && String(a.job_id) === jobId);
  }

  /** A v3 move from the stage the application is in to `to`; none when it is there already. */
  async function moveTo(remoteId: string, from: number | undefined, to: number): Promise<void> {
    if (from === to) return;
    if (from === undefined) throw new AtsError('rejected', 'the Greenhouse application is in no stage to move from');
    await call('POST', `/applications/${encodeURIComponent(remoteId)}/move`, { from_stage_id: from, to_stage_id: to });
  }

  /** An application as `GET /applications/{id}` reads it, or null once Greenhouse no longer has it. */
  async function applicationOf(remoteId: string): Promise<GreenhouseApplication | null> {
    return call<GreenhouseApplication>('GET', `/applications/${encodeURIComponent(remoteId)}`).then(
      (r) => r.body ?? null,
      (err: unknown) => {
        if (err instanceof AtsError && err.status === 404) return null;
        throw err;
      },
    );
  }

  /**
   * Moves application `a` (as read) to `stage` as Greenhouse does it: a hired one is left as it is (never moved back);
   * one already where the product wants it gets no call; a rejected one is unrejected first (Harvest's
   * `POST /applications/{id}/unreject`), then moved or hired; a hire is `POST /applications/{id}/hire`.
   */
  async function moveFrom(a: GreenhouseApplication, stage: StageKey, jobId: string): Promise<AtsMoved | undefined> {
    const path = `/applications/${encodeURIComponent(String(a.id))}`;
    if (a.status === 'hired') return stage === 'placed' ? 'there' : 'hired';
    if (stage === 'rejected') {
      if (a.status === 'rejected') return 'there';
      rejectionReason ??= (await call<{ id: number }[]>('GET', '/rejection_reasons?per_page=1')).body?.[0]?.id;
      if (!rejectionReason) throw new AtsError('rejected', 'the Greenhouse account has no rejection reason');
      await call('POST', `${path}/reject`, { rejection_reason_id: rejectionReason });
      return undefined;
    }
    const rejected = a.status === 'rejected';
    const to = stage === 'placed' ? undefined : await stageId(jobId, stage);
    if (!rejected && to !== undefined && a.current_stage?.id === to) return 'there';
    if (rejected) await call('POST', `${path}/unreject`, {});
    if (to === undefined) await call('POST', `${path}/hire`, {});
    else await moveTo(String(a.id), a.current_stage?.id, to);
    return rejected ? 'reactivated' : undefined;
  }

  const provider: AtsProvider = {
    async verify(): Promise<AtsAccount> {
      await call('GET', '/jobs?per_page=1');
      return { account: creds.clientId.slice(0, 8) };
    },

    async openJobs(): Promise<AtsJob[]> {
      const jobs: AtsJob[] = [];
      let next: string | undefined = '/jobs?status=open&per_page=100';
      for (let page = 0; next && page < 100; page++) {
        const answer: { body: { id: number; name: string }[]; headers: Headers } = await call('GET', next);
        jobs.push(...(answer.body ?? []).map((j) => ({ remoteId: String(j.id), title: j.name })));
        const link = nextLink(answer.headers);
        next = link ? pageLink(link, base) : undefined;
      }
      return jobs;
    },

    async placeApplication(jobId, person, stage, knownId, personCreated) {
      let candidateId: string | undefined;
      let found: AtsPlacement['found'] = 'person';
      let settled: AtsPlacement['settled'];
      if (knownId) {
        // A deleted person answers 404, as does one merged into another; a read that answers another id is the survivor.
        const known = await call<{ id: number }>('GET', `/candidates/${encodeURIComponent(knownId)}`).then(
          (r) => r.body,
          (err: unknown) => {
            if (isGone(err)) return null;
            throw err;
          },
        );
        candidateId = known?.id ? String(known.id) : undefined;
      }
      const relinked = Boolean(knownId) && candidateId !== knownId;
      if (!candidateId) {
        const oldest = (await peopleWithEmail(person.email))[0];
        candidateId = oldest ? String(oldest.id) : undefined;
      }
      if (candidateId) {
        const existing = await applicationOnJob(candidateId, jobId);
        if (existing) {
          const moved = await moveFrom(existing, stage, jobId);
          return {
            remoteId: String(existing.id),
            candidateId,
            found: 'application',
            ...(relinked && { relinked }),
            ...(moved && { moved }),
          };
        }
      } else {
        // A create left unanswered may have made the person: the one holding the email now is them.
        const madePerson = await createOrFind(
          'person',
          async () => {
            const candidate = (
              await call<{ id: number }>(
                'POST',
                '/candidates',
                {
                  first_name: person.firstName,
                  last_name: person.lastName,
                  emails: [{ value: person.email, type: 'personal' }],
                  ...(person.phone ? { phone_numbers: [{ value: person.phone, type: 'mobile' }] } : {}),
                },
                { once: true },
              )
            ).body;
            if (!candidate?.id) throw new AtsError('rejected', 'Greenhouse answered without a candidate id');
            return String(candidate.id);
          },
          async () => {
            const oldest = (await peopleWithEmail(person.email))[0];
            return oldest ? String(oldest.id) : undefined;
          },
        );
        candidateId = madePerson.value;
        settled = madePerson.settled;
        found = 'new';
        await personCreated?.(candidateId);
      }
      const personId = candidateId;
      const application = await createOrFind(
        'application',
        async () => {
          const answer = (
            await call<{ id: number }>(
              'POST',
              '/applications',
              { candidate_id: Number(personId), job_id: Number(jobId), stage_id: await stageId(jobId, stage) },
              { once: true },
            )
          ).body;
          if (!answer?.id) throw new AtsError('rejected', 'Greenhouse answered without an application id');
          return String(answer.id);
        },
        async () => (await applicationOnJob(personId, jobId))?.id.toString(),
      );
      settled ??= application.settled;
      // A hire is the application's status: added at the offer stage, then hired.
      if (stage === 'placed') await provider.moveApplication(application.value, stage, jobId);
      return {
        remoteId: application.value,
        candidateId,
        found,
        ...(relinked && { relinked }),
        ...(settled && { settled }),
      };
    },

    async readStatus(remoteId) {
      const a = await applicationOf(remoteId);
      if (!a) return null;
      if (a.status === 'rejected')
        return {
          label: 'Rejected',
          reason: a.rejection_reason?.name ?? null,
          stage: 'rejected',
          since: a.rejected_at,
          candidateId: personOf(a),
        };
      if (a.status === 'hired')
        return { label: 'Hired', stage: 'placed', since: a.last_activity_at, candidateId: personOf(a) };
      const name = a.current_stage?.name ?? '';
      const stage = (Object.entries(BACK) as [StageKey, RegExp][]).find(([, re]) => re.test(name))?.[0] ?? null;
      return { label: name || a.status, stage, since: a.last_activity_at, candidateId: personOf(a) };
    },

    async moveApplication(remoteId, stage, jobId) {
      // Read first (a 404 here is the application gone): its status decides the call, a v3 move names its stage.
      const now = (await call<GreenhouseApplication>('GET', `/applications/${encodeURIComponent(remoteId)}`)).body;
      return moveFrom(now, stage, jobId);
    },

    async erasePerson(candidateId, applicationId) {
      // The person the application is filed under now, as the sync follows it: another after a merge in Greenhouse.
      const survivor = async () => {
        if (!applicationId) return undefined;
        const application = await applicationOf(applicationId);
        const filed = application && personOf(application);
        return filed && filed !== candidateId ? { filedUnder: filed } : undefined;
      };
      const merged = await survivor();
      if (merged) return merged;
      try {
        await call('DELETE', `/candidates/${encodeURIComponent(candidateId)}`);
      } catch (err) {
        if (!(err instanceof AtsError && err.status === 404)) throw err;
        // Not found: erased only if the application does not now name a live person (merged meanwhile).
        return survivor();
      }
    },

    async findByEmail(email) {
      const found = (await peopleWithEmail(email))[0];
      return found ? { since: found.created_at } : null;
    },
  };
  return provider;
}
