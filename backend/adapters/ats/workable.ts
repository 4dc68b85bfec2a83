/**
 * Workable's SPI v3: the account subdomain and a Bearer token (scopes r_jobs, r_candidates,
 * w_candidates). Jobs are read page by page through `paging.next`, followed on the account's own
 * origin only; a person is added to a job as sourced (`sourced: true` sends no thank-you email);
 * stage moves and disqualifications are made in the name of the account member learnt when
 * connecting, onto the account's stage of the kind each product stage maps to.
 */
import type { StageKey } from '../../../schema/rules/pipeline';
import { pageLink, requestJson, type HttpLimits } from './http';
import { AtsError, type AtsAccount, type AtsJob, type AtsPerson, type AtsProvider } from './types';

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

interface Stage {
  slug: string;
  kind: string;
  position: number;
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
  const post = <T>(path: string, body: unknown) =>
    requestJson<T>(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) }, limits);
  let stages: Stage[] | undefined;

  async function member(): Promise<string> {
    if (typeof settings.memberId === 'string') return settings.memberId;
    throw new AtsError('rejected', 'no Workable member to act as: connect the integration again');
  }

  async function stageSlug(stage: StageKey): Promise<string | undefined> {
    const kind = STAGE_KIND[stage];
    if (!kind) return undefined;
    stages ??= (await get<{ stages: Stage[] }>('/stages')).stages ?? [];
    return [...stages].sort((a, b) => a.position - b.position).find((s) => s.kind === kind)?.slug;
  }

  const provider: AtsProvider = {
    async verify(): Promise<AtsAccount> {
      await get('/jobs?limit=1');
      const { members } = await get<{ members: { id: string; role?: string }[] }>('/members?limit=100');
      const actor = members?.find((m) => m.role === 'admin') ?? members?.[0];
      return { account: creds.subdomain, settings: { memberId: actor?.id } };
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

    async createApplication(jobId, person: AtsPerson, stage) {
      const candidate: Record<string, unknown> = {
        name: `${person.firstName} ${person.lastName}`.trim(),
        firstname: person.firstName,
        lastname: person.lastName,
        email: person.email,
        ...(person.phone ? { phone: person.phone } : {}),
        ...(person.headline ? { headline: person.headline } : {}),
        ...(person.summary ? { summary: person.summary } : {}),
        ...(person.cv ? { resume: { name: person.cv.fileName, data: person.cv.data.toString('base64') } } : {}),
      };
      const body = await post<{ candidate: { id: string } }>(`/jobs/${encodeURIComponent(jobId)}/candidates`, {
        sourced: true,
        candidate,
      });
      const id = body?.candidate?.id;
      if (!id) throw new AtsError('rejected', 'Workable answered without a candidate id');
      if (stage !== 'shortlist') await provider.moveApplication(String(id), stage, jobId);
      else {
        const slug = await stageSlug(stage);
        if (slug)
          await post(`/candidates/${encodeURIComponent(String(id))}/move`, {
            member_id: await member(),
            target_stage: slug,
          });
      }
      return String(id);
    },

    async moveApplication(remoteId, stage) {
      const path = `/candidates/${encodeURIComponent(remoteId)}`;
      if (stage === 'rejected') {
        await post(`${path}/disqualify`, { member_id: await member(), disqualification_reason: 'Not selected' });
        return;
      }
      const slug = await stageSlug(stage);
      if (!slug) throw new AtsError('rejected', `Workable has no stage for ${stage}`);
      await post(`${path}/move`, { member_id: await member(), target_stage: slug });
    },

    async findByEmail(email) {
      const body = await get<{ candidates: { created_at: string }[] }>(
        `/candidates?email=${encodeURIComponent(email)}&limit=1`,
      );
      const found = body?.candidates?.[0];
      return found ? { since: found.created_at } : null;
    },
  };
  return provider;
}
