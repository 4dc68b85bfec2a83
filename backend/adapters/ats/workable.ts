/**
 * Workable's SPI v3: the account subdomain and a Bearer token (scopes r_jobs, r_candidates,
 * w_candidates). Jobs are read page by page through `paging.next`, followed on the account's own
 * origin only; a person is added to a job as sourced (`sourced: true` sends no thank-you email);
 * stage moves, copies and disqualifications are made in the name of the account member who connected
 * (SPI v3 requires a `member_id` on them): verifying learns the active member whose email is that of
 * the person connecting (`GET /members?email=`, then the members list matched without regard to
 * case), kept in the integration's settings as `memberId`; with no such member the connection is
 * refused (AtsNoActingUser), never made in another member's name. Moves land on the account's stage
 * of the kind each product stage maps to. Before adding a person the account's candidates are
 * read, by the email of the record kept from an earlier push (read by id: the person even when
 * their email changed here) or else by the email sent: the record already on the job is moved, a
 * record on another job is copied to this one; only a person Workable lacks is created. The record already on the
 * job is moved when its stage is not the product's, or it is disqualified; a record in a hired stage is never moved back. A create or copy left unanswered (a
 * time-out, a dropped connection, a 5xx) is not sent again: the person's records are read by email and the one on
 * the job is linked (lost.ts).
 * A rejection disqualifies the record with SPI v3's current fields (`disqualify_note`; not the deprecated
 * `disqualification_reason`). A move to an active stage of a disqualified record (a candidate taken back from
 * rejected) first reverts the disqualification (`POST /candidates/:id/revert`, with the member): Workable's move
 * leaves a record disqualified, and it refuses to revert one that is not, so the record is read first where its
 * state is not known. A status is read back from the candidate record (its stage by name, or disqualified).
 * Workable's SPI v3 has no candidate delete (candidates are deleted in Workable itself, by a
 * member or by its GDPR retention settings), so an erased person's records are listed for the
 * company to delete there.
 */
import { t } from '../../../i18n';
import type { StageKey } from '../../../schema/rules/pipeline';
import { pageLink, requestJson, type CallOptions, type HttpLimits } from './http';
import { createOrFind } from './lost';
import {
  AtsError,
  AtsNoActingUser,
  isGone,
  type AtsAccount,
  type AtsJob,
  type AtsMoved,
  type AtsPerson,
  type AtsProvider,
} from './types';

export interface WorkableCredentials {
  subdomain: string;
  token: string;
}

/** The Workable stage kind each product stage lands on. */
const STAGE_KIND: Partial<Record<StageKey, string>> = {
  shortlist: 'shortlisted',
  interviewing: 'interview',
  interviewing2: 'interview',
  offered: 'offer',
  placed: 'hired',
};

/** The product stage each Workable stage kind matches (the way back). */
const PRODUCT_STAGE: Partial<Record<string, StageKey>> = {
  shortlisted: 'shortlist',
  interview: 'interviewing',
  offer: 'offered',
  hired: 'placed',
};

interface Stage {
  slug: string;
  name: string;
  kind: string;
  position: number;
}

/** An account member as `/members` lists them (inactive ones only when asked for). */
interface Member {
  id: string;
  email?: string;
  active?: boolean;
}

/** A candidate record as Workable lists it: one per job the person is on. */
interface Listed {
  id: string;
  email?: string;
  job?: { shortcode: string };
  stage?: string;
  disqualified?: boolean;
  disqualified_at?: string | null;
  moved_at?: string | null;
  created_at: string;
  updated_at?: string | null;
}

function workablePerson(person: AtsPerson): Record<string, unknown> {
  return {
    name: `${person.firstName} ${person.lastName}`.trim(),
    firstname: person.firstName,
    lastname: person.lastName,
    email: person.email,
    ...(person.phone ? { phone: person.phone } : {}),
    ...(person.headline ? { headline: person.headline } : {}),
    ...(person.summary ? { summary: person.summary } : {}),
    ...(person.cv ? { resume: { name: person.cv.fileName, data: person.cv.data.toString('base64') } } : {}),
  };
}

export function workableProvider(
  baseTemplate: string,
  creds: WorkableCredentials,
  settings: Record<string, unknown>,
  limits?: HttpLimits,
): AtsProvider {
  const base = `${baseTemplate.replace('{subdomain}', encodeURIComponent(creds.subdomain))}/spi/v3`;
  const headers = {
    Authorization: `Bearer ${creds.token}`,
    Accept: 'application/json',
    'Content-Type': 'application/json',
  };
  const get = <T>(url: string) => requestJson<T>(url.startsWith('http') ? url : `${base}${url}`, { headers }, limits);
  const post = <T>(path: string, body: unknown, options?: CallOptions) =>
    requestJson<T>(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) }, limits, options);
  let stages: Stage[] | undefined;

  async function member(): Promise<string> {
    if (typeof settings.memberId === 'string') return settings.memberId;
    throw new AtsError('rejected', 'no Workable member to act as: connect the integration again');
  }

  /** The active member with this email: by Workable's email filter, else from the members list. */
  async function memberByEmail(email: string): Promise<Member | undefined> {
    const same = (m: Member) => m.email?.trim().toLowerCase() === email && m.active !== false;
    const filtered = await get<{ members?: Member[] }>(`/members?email=${encodeURIComponent(email)}&limit=100`);
    const found = filtered?.members?.find(same);
    if (found) return found;
    let next: string | undefined = '/members?limit=100';
    for (let page = 0; next && page < 20; page++) {
      const body: { members?: Member[]; paging?: { next?: string } } = await get(next);
      const match = body?.members?.find(same);
      if (match) return match;
      next = body?.paging?.next ? pageLink(body.paging.next, base) : undefined;
    }
    return undefined;
  }

  async function allStages(): Promise<Stage[]> {
    stages ??= [...((await get<{ stages: Stage[] }>('/stages')).stages ?? [])].sort((a, b) => a.position - b.position);
    return stages;
  }

  async function stageSlug(stage: StageKey): Promise<string | undefined> {
    const kind = STAGE_KIND[stage];
    return kind ? (await allStages()).find((s) => s.kind === kind)?.slug : undefined;
  }

  /** The account's stage a candidate's `stage` names (Workable answers its name). */
  async function stageOf(name: string | undefined): Promise<Stage | undefined> {
    if (!name) return undefined;
    return (await allStages()).find((s) => s.name === name || s.slug === name);
  }

  /** A candidate record by id, or undefined once Workable no longer has it (404). */
  async function knownRecord(id: string): Promise<Listed | undefined> {
    const body = await get<{ candidate?: Listed }>(`/candidates/${encodeURIComponent(id)}`).catch((err: unknown) => {
      if (isGone(err)) return null;
      throw err;
    });
    return body?.candidate ?? undefined;
  }

  /**
   * Moves a record to `stage`; 'rejected' disqualifies it. A hired record is left as it is (never moved back), and one
   * already where the product wants it gets no call. A move to an active stage reverts a disqualification first (a
   * move leaves a disqualified record disqualified), and only then: Workable refuses to revert a record that is not
   * disqualified. `record` is the record as the caller read it; unknown, it is read now.
   */
  async function moveTo(remoteId: string, stage: StageKey, known?: Listed): Promise<AtsMoved | undefined> {
    const path = `/candidates/${encodeURIComponent(remoteId)}`;
    const record = known ?? (await knownRecord(remoteId));
    if (!record) throw new AtsError('rejected', 'Workable no longer has the candidate', 404);
    const kind = (await stageOf(record.stage))?.kind;
    if (kind === 'hired' && !record.disqualified) return stage === 'placed' ? 'there' : 'hired';
    if (stage === 'rejected') {
      if (record.disqualified) return 'there';
      // SPI v3's current fields (`disqualification_reason` is deprecated): a note, no reason id (the account's
      // reasons are its own) and no `withdrew`, which the product does not know (it defaults to false).
      await post(`${path}/disqualify`, {
        member_id: await member(),
        disqualify_note: t('integrations.disqualifyNote'),
      });
      return undefined;
    }
    const slug = await stageSlug(stage);
    if (!slug) throw new AtsError('rejected', `Workable has no stage for ${stage}`);
    if (!record.disqualified && kind === STAGE_KIND[stage]) return 'there';
    if (record.disqualified) await post(`${path}/revert`, { member_id: await member() });
    await post(`${path}/move`, { member_id: await member(), target_stage: slug });
    return record.disqualified ? 'reactivated' : undefined;
  }

  const provider: AtsProvider & { findAll(email: string): Promise<Listed[]> } = {
    /** Every candidate record with this email, on any job, oldest first. */
    async findAll(email: string): Promise<Listed[]> {
      const found: Listed[] = [];
      let next: string | undefined = `/candidates?email=${encodeURIComponent(email)}&limit=100`;
      for (let page = 0; next && page < 10; page++) {
        const body: { candidates?: Listed[]; paging?: { next?: string } } = await get(next);
        found.push(...(body?.candidates ?? []).filter((c) => c.email?.toLowerCase() === email.toLowerCase()));
        next = body?.paging?.next ? pageLink(body.paging.next, base) : undefined;
      }
      return found.sort((a, b) => a.created_at.localeCompare(b.created_at));
    },

    async verify(actingAs): Promise<AtsAccount> {
      await get('/jobs?limit=1');
      const email = actingAs?.email?.trim().toLowerCase() ?? '';
      const actor = email ? await memberByEmail(email) : undefined;
      if (!actor) throw new AtsNoActingUser('Workable', actingAs?.email ?? '');
      return { account: creds.subdomain, settings: { memberId: actor.id } };
    },

    async openJobs(): Promise<AtsJob[]> {
      const jobs: AtsJob[] = [];
      let next: string | undefined = '/jobs?state=published&limit=100';
      for (let page = 0; next && page < 100; page++) {
        const body: { jobs: { shortcode: string; title: string }[]; paging?: { next?: string } } = await get(next);
        jobs.push(...(body.jobs ?? []).map((j) => ({ remoteId: j.shortcode, title: j.title })));
        next = body.paging?.next ? pageLink(body.paging.next, base) : undefined;
      }
      return jobs;
    },

    async placeApplication(jobId, person: AtsPerson, stage, knownId) {
      // Workable keeps one candidate record per job: the one on this job is the application; one on
      // another job is the person, copied to this job as Workable's own "copy to job" does.
      // The record kept from an earlier push names the person, whatever their email is now; by email
      // only without one, or once Workable no longer has it (404).
      const known = knownId ? await knownRecord(knownId) : undefined;
      const relinked = Boolean(knownId) && !known;
      const found = await provider.findAll(known?.email ?? person.email);
      const here = found.find((c) => c.job?.shortcode === jobId);
      const source = known ?? found[0];
      if (here) {
        const moved = await moveTo(here.id, stage, here);
        return {
          remoteId: here.id,
          candidateId: source.id,
          found: 'application',
          ...(relinked && { relinked }),
          ...(moved && { moved }),
        };
      }
      // A copy or create left unanswered may have made the record: the one on the job now, by email, is it.
      const email = known?.email ?? person.email;
      const onJob = async () => (await provider.findAll(email)).find((c) => c.job?.shortcode === jobId)?.id;
      if (source) {
        const copied = await createOrFind(
          'application',
          async () => {
            const answer = await post<{ candidate: { id: string } }>(
              `/candidates/${encodeURIComponent(source.id)}/copy`,
              { member_id: await member(), target_job_shortcode: jobId, target_stage: await stageSlug(stage) },
              { once: true },
            );
            if (!answer?.candidate?.id)
              throw new AtsError('rejected', 'Workable answered a copy without a candidate id');
            return String(answer.candidate.id);
          },
          onJob,
        );
        const settled = copied.settled && { settled: copied.settled };
        return {
          remoteId: copied.value,
          candidateId: source.id,
          found: 'person',
          ...(relinked && { relinked }),
          ...settled,
        };
      }
      const made = await createOrFind(
        'person',
        async () => {
          const body = await post<{ candidate: { id: string } }>(
            `/jobs/${encodeURIComponent(jobId)}/candidates`,
            { sourced: true, candidate: workablePerson(person) },
            { once: true },
          );
          if (!body?.candidate?.id) throw new AtsError('rejected', 'Workable answered without a candidate id');
          return String(body.candidate.id);
        },
        onJob,
      );
      const id = made.value;
      // A move that fails here leaves the candidate on the job: the next sync finds it and moves it.
      await moveTo(id, stage, { id, created_at: '', disqualified: false });
      const settled = made.settled && { settled: made.settled };
      return { remoteId: id, candidateId: id, found: 'new', ...(relinked && { relinked }), ...settled };
    },

    async moveApplication(remoteId, stage) {
      return moveTo(remoteId, stage);
    },

    async findByEmail(email) {
      const body = await get<{ candidates: { created_at: string }[] }>(
        `/candidates?email=${encodeURIComponent(email)}&limit=1`,
      );
      const found = body?.candidates?.[0];
      return found ? { since: found.created_at } : null;
    },

    async readStatus(remoteId) {
      const body = await get<{ candidate?: Listed & { disqualification_reason?: string | null } }>(
        `/candidates/${encodeURIComponent(remoteId)}`,
      ).catch((err: unknown) => {
        if (err instanceof AtsError && err.status === 404) return null;
        throw err;
      });
      const c = body?.candidate;
      if (!c) return null;
      const since = c.disqualified ? (c.disqualified_at ?? c.updated_at) : (c.moved_at ?? c.updated_at);
      if (c.disqualified)
        return { label: 'Disqualified', reason: c.disqualification_reason ?? null, stage: 'rejected', since };
      const found = await stageOf(c.stage);
      return { label: found?.name ?? c.stage ?? '', stage: found ? (PRODUCT_STAGE[found.kind] ?? null) : null, since };
    },
  };
  return provider as AtsProvider;
}
