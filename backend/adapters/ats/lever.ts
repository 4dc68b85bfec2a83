/**
 * Lever's API v1 with the company's OAuth tokens (leverAuth.ts): an access token within a minute
 * of expiry, or refused once with 401, is refreshed, once for all who hold it (the refresh tokens
 * are single-use): under the integration's lock, from the tokens stored then (LeverTokenStore), or
 * without a store handed back to be stored sealed; a refresh refused for the stored refresh token
 * is an AtsError 'auth'. Postings are read with Lever's `next`
 * offset; a person becomes a sourced opportunity on the posting, moved between the account's
 * stages by name, archived with a non-hired reason on rejection and with a hired one when placed
 * (Lever's way of recording a hire; one archived as hired is never moved back, an archived one moved to a stage is
 * unarchived first with `PUT /opportunities/:id/archived` and `reason: null`), all performed as the Lever user whose email is that of the
 * person who signed in (an active user, not an interviewer), found through every page of `/users`
 * (Lever's `next`/`hasNext`); with no such user the sign-in is refused (AtsNoActingUser), never made
 * in another user's name. A 403 is a scope the tokens lack (a scope added to LEVER_SCOPES after the
 * integration was connected): it is told as such, naming the scope and that signing in with Lever
 * again grants it, a permission missing rather than dead credentials. The person's opportunities are read first
 * (those of the contact kept from an earlier push, `GET /contacts/:id` then `contact_id`, else those with the email;
 * a new one joins that contact): one already on the posting is moved, not added again. A create left unanswered
 * (a time-out, a dropped connection, a 5xx) is not sent again: the person's opportunities are read by email and
 * the one on the posting is linked (lost.ts). An opportunity's stage, or its archive reason (a hired one is "Hired"),
 * is read back with the contact it is filed under now. Lever's public API has no delete or anonymisation of an
 * opportunity or a contact (deleting is done in Lever itself), so an erased person's opportunities are listed for the
 * company, each under the contact holding it now (`personOf`). A merge of contacts in Lever moves the merged-away
 * one's opportunities, ids unchanged, to the survivor, and a read of the old id answers the survivor: moves still go to
 * the same opportunity, a read-back names the survivor (linked as a contact the product did not make), and a push by
 * the old id joins the survivor, never a second contact.
 */
import type { StageKey } from '../../../schema/rules/pipeline';
import type { AtsConfig } from './config';
import { requestJson, type CallOptions } from './http';
import { createOrFind } from './lost';
import {
  at,
  BACK,
  onPosting,
  STAGE_NAME,
  type LeverUser,
  type Opportunity,
  type Page,
  type Reason,
} from './leverShapes';
import { leverRefresh, scopeMissing, type LeverTokens } from './leverAuth';
import {
  AtsError,
  AtsNoActingUser,
  isGone,
  type AtsAccount,
  type AtsJob,
  type AtsMoved,
  type AtsProvider,
  type CredentialsSaver,
} from './types';

/**
 * Where a connected integration keeps its tokens, so that a refresh is made once for everyone who
 * holds them: Lever's refresh tokens are single-use, and a second refresh with the same one is
 * refused. `renew` runs `refresh` with the tokens stored now while the integration is locked (one
 * at a time, across processes), stores what it answers and answers it, or answers the stored tokens
 * when it answers null; `load` reads the stored tokens.
 */
export interface LeverTokenStore {
  renew(refresh: (stored: LeverTokens) => Promise<LeverTokens | null>): Promise<LeverTokens>;
  load(): Promise<LeverTokens>;
}

/** Pages of `/users` read for the person signing in (100 users each). */
const MAX_USER_PAGES = 100;

/** Within a minute of expiry, or past it. */
const expiring = (t: LeverTokens) => t.expiresAt < Date.now() + 60_000;

export function leverProvider(
  config: AtsConfig,
  initial: LeverTokens,
  settings: Record<string, unknown>,
  save?: CredentialsSaver,
  store?: LeverTokenStore,
): AtsProvider {
  let tokens = initial;
  const base = config.lever.apiUrl;

  /**
   * New tokens in place of `held` (expired, or refused with 401). With a store, the stored tokens
   * are refreshed only while they are still `held` or expiring; newer ones stored meanwhile are used
   * as they are. A refresh refused because another holder used the refresh token first is followed
   * by the tokens that holder stored; only a refusal of the stored refresh token is an auth error.
   */
  async function renewNow(held: LeverTokens): Promise<void> {
    if (!store) {
      tokens = await leverRefresh(config, held.refreshToken);
      await save?.({ ...tokens });
      return;
    }
    let refused: string | undefined;
    const attempt = () =>
      store.renew(async (stored) => {
        if (stored.accessToken !== held.accessToken && !expiring(stored)) return null;
        if (refused !== undefined && stored.refreshToken === refused)
          throw new AtsError('auth', 'Lever refused the refresh token');
        try {
          return await leverRefresh(config, stored.refreshToken);
        } catch (err) {
          if (err instanceof AtsError && err.code === 'auth') refused = stored.refreshToken;
          throw err;
        }
      });
    try {
      tokens = await attempt();
    } catch (err) {
      if (!(err instanceof AtsError && err.code === 'auth')) throw err;
      const stored = await store.load();
      const renewedMeanwhile =
        refused === undefined ? stored.accessToken !== held.accessToken : stored.refreshToken !== refused;
      if (!renewedMeanwhile) throw err;
      tokens = await attempt();
    }
  }
  // The calls of this provider in flight at once share one renewal.
  let renewing: Promise<void> | undefined;
  const renew = (held: LeverTokens) =>
    (renewing ??= renewNow(held).finally(() => {
      renewing = undefined;
    }));

  async function call<T>(method: string, path: string, body?: unknown, options?: CallOptions): Promise<T> {
    if (expiring(tokens)) await renew(tokens);
    const send = (using: LeverTokens) =>
      requestJson<T>(
        `${base}${path}`,
        {
          method,
          headers: {
            Authorization: `Bearer ${using.accessToken}`,
            Accept: 'application/json',
            'Content-Type': 'application/json',
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        },
        config.limits,
        options,
      );
    const sent = tokens;
    try {
      return await send(sent).catch((err: unknown) => {
        throw scopeMissing(err, method, path);
      });
    } catch (err) {
      if (!(err instanceof AtsError && err.code === 'auth' && err.status === 401)) throw err;
      // Another call of this provider may have renewed them already while this one was out.
      if (tokens === sent) await renew(sent);
      return send(tokens).catch((again: unknown) => {
        throw scopeMissing(again, method, path);
      });
    }
  }

  const performAs = () => {
    if (typeof settings.userId !== 'string')
      throw new AtsError('rejected', 'no Lever user to act as: sign in with Lever again');
    return `perform_as=${encodeURIComponent(settings.userId)}`;
  };
  let stages: { id: string; text: string }[] | undefined;
  const archiveReasons = new Map<string, string>();

  /** The account's first archive reason of `type` ('hired' or 'non-hired'). */
  async function archiveReasonFor(type: 'hired' | 'non-hired'): Promise<string> {
    if (!archiveReasons.has(type)) {
      const found = (await call<Page<{ id: string }[]>>('GET', `/archive_reasons?type=${type}`)).data?.[0]?.id;
      if (!found) throw new AtsError('rejected', `the Lever account has no ${type} archive reason`);
      archiveReasons.set(type, found);
    }
    return archiveReasons.get(type) as string;
  }

  async function allStages(): Promise<{ id: string; text: string }[]> {
    stages ??= (await call<Page<{ id: string; text: string }[]>>('GET', '/stages')).data ?? [];
    return stages;
  }
  let reasons: Reason[] | undefined;

  async function stageId(stage: StageKey): Promise<string> {
    const pattern = STAGE_NAME[stage];
    const found = pattern && (await allStages()).find((s) => pattern.test(s.text));
    if (!found) throw new AtsError('rejected', `Lever has no stage for ${stage}`);
    return found.id;
  }

  /** The contact id Lever holds for `id` (a merged contact answers the survivor's), or undefined once it is gone (404). */
  async function knownContact(id: string): Promise<string | undefined> {
    const found = await call<Page<{ id: string }>>('GET', `/contacts/${encodeURIComponent(id)}`).catch(
      (err: unknown) => {
        if (isGone(err)) return null;
        throw err;
      },
    );
    return found?.data?.id;
  }

  /** An opportunity as `GET /opportunities/:id` reads it, or null once Lever no longer has it. */
  async function opportunityOf(remoteId: string): Promise<Opportunity | null> {
    const found = await call<Page<Opportunity>>('GET', `/opportunities/${encodeURIComponent(remoteId)}`).catch(
      (err: unknown) => {
        if (isGone(err)) return null;
        throw err;
      },
    );
    return found?.data ?? null;
  }

  /** The opportunities a list filter (`contact_id=`, `email=`) answers, with their applications. */
  const opportunitiesOf = async (filter: string) =>
    (await call<Page<Opportunity[]>>('GET', `/opportunities?${filter}&expand=applications&limit=100`)).data ?? [];

  /** Whether an archive reason is a hired one (Lever's record of a hire). */
  async function hiredReason(reasonId: string | undefined): Promise<boolean> {
    reasons ??= (await call<Page<Reason[]>>('GET', '/archive_reasons')).data ?? [];
    return reasons.find((r) => r.id === reasonId)?.type === 'hired';
  }

  /** The opportunity on the posting archived as hired, if any. */
  async function hiredOnPosting(opportunities: Opportunity[], jobId: string): Promise<Opportunity | undefined> {
    for (const o of opportunities)
      if (o.archived && o.applications?.some((a) => a.posting === jobId) && (await hiredReason(o.archived.reason)))
        return o;
    return undefined;
  }

  /**
   * Moves opportunity `o` (as read) to `stage` as Lever does it: a hired one is left as it is (never moved back); one
   * already where the product wants it gets no call; an outcome is an archive (a non-hired reason for a rejection, a
   * hired one for a hire); an archived (rejected) one moved to a stage is unarchived first (`PUT .../archived` with
   * `reason: null`, as Lever's API takes it back), since a stage move leaves it archived.
   */
  async function moveFrom(o: Opportunity, stage: StageKey): Promise<AtsMoved | undefined> {
    const path = `/opportunities/${encodeURIComponent(o.id)}`;
    const archived = Boolean(o.archived);
    if (archived && (await hiredReason(o.archived?.reason))) return stage === 'placed' ? 'there' : 'hired';
    if (stage === 'rejected' && archived) return 'there';
    if (stage === 'rejected' || stage === 'placed') {
      const reason = await archiveReasonFor(stage === 'placed' ? 'hired' : 'non-hired');
      await call('PUT', `${path}/archived?${performAs()}`, { reason });
      return undefined;
    }
    const to = await stageId(stage);
    if (!archived && o.stage === to) return 'there';
    if (archived) await call('PUT', `${path}/archived?${performAs()}`, { reason: null });
    await call('PUT', `${path}/stage?${performAs()}`, { stage: to });
    return archived ? 'reactivated' : undefined;
  }

  const provider: AtsProvider = {
    async verify(actingAs): Promise<AtsAccount> {
      // The person signing in, when Lever has them as an active user who may act (not an interviewer), on
      // whichever page of the users they are; nobody else, so Lever's audit log names the product's actions as theirs.
      const email = actingAs?.email?.trim().toLowerCase() ?? '';
      let offset: string | undefined;
      for (let page = 0; page < MAX_USER_PAGES; page++) {
        const users: Page<LeverUser[]> = await call(
          'GET',
          `/users?limit=100${offset ? `&offset=${encodeURIComponent(offset)}` : ''}`,
        );
        const user = email
          ? users.data?.find(
              (u) => u.email?.trim().toLowerCase() === email && !u.deactivatedAt && u.accessRole !== 'interviewer',
            )
          : undefined;
        if (user) return { account: user.name, settings: { userId: user.id } };
        if (!email || !users.hasNext || !users.next) break;
        offset = users.next;
      }
      throw new AtsNoActingUser('Lever', actingAs?.email ?? '');
    },

    async openJobs(): Promise<AtsJob[]> {
      const jobs: AtsJob[] = [];
      let offset: string | undefined;
      for (let page = 0; page < 100; page++) {
        const answer: Page<{ id: string; text: string }[]> = await call(
          'GET',
          `/postings?state=published&limit=100${offset ? `&offset=${encodeURIComponent(offset)}` : ''}`,
        );
        jobs.push(...(answer.data ?? []).map((p) => ({ remoteId: p.id, title: p.text })));
        if (!answer.hasNext || !answer.next) break;
        offset = answer.next;
      }
      return jobs;
    },

    async placeApplication(jobId, person, stage, knownId) {
      // Lever keeps one contact per email and one opportunity per posting applied to: an
      // opportunity the contact already has on the posting is moved, otherwise a new one is added
      // (Lever joins it to the contact it already holds under that email). The contact kept from an
      // earlier push comes first, whatever its email is now; by email only without one, or once it is gone.
      const contact = knownId ? await knownContact(knownId) : undefined;
      const filter = contact
        ? `contact_id=${encodeURIComponent(contact)}`
        : `email=${encodeURIComponent(person.email)}`;
      const existing = await opportunitiesOf(filter);
      const relinked = Boolean(knownId) && !contact;
      // The open opportunity on the posting, else one hired there (left as it is): Lever's record of the person there.
      const here = onPosting(existing, jobId) ?? (await hiredOnPosting(existing, jobId));
      if (here) {
        const moved = await moveFrom(here, stage);
        return {
          remoteId: here.id,
          candidateId: here.contact ?? contact ?? here.id,
          found: 'application',
          ...(relinked && { relinked }),
          ...(moved && { moved }),
        };
      }
      // Lever makes the contact (when new) and the opportunity in one create; left unanswered, it may have made
      // both: the person's opportunity on the posting, looked up by email, is the one it made.
      const made = await createOrFind(
        contact || existing.length ? 'application' : 'person',
        async () => {
          const answer = await call<Page<{ id: string; contact?: string }>>(
            'POST',
            `/opportunities?${performAs()}`,
            {
              name: `${person.firstName} ${person.lastName}`.trim(),
              emails: [person.email],
              ...(person.phone ? { phones: [{ value: person.phone }] } : {}),
              postings: [jobId],
              ...(contact ? { contact } : {}),
              origin: 'sourced',
              stage: await stageId(stage),
            },
            { once: true },
          );
          if (!answer?.data?.id) throw new AtsError('rejected', 'Lever answered without an opportunity id');
          return answer.data;
        },
        async () => onPosting(await opportunitiesOf(`email=${encodeURIComponent(person.email)}`), jobId),
      );
      const opportunity = made.value;
      // A hire is an opportunity archived as hired: added at the offer, then archived.
      if (stage === 'placed') await provider.moveApplication(opportunity.id, stage, jobId);
      return {
        remoteId: opportunity.id,
        candidateId: opportunity.contact ?? contact ?? existing[0]?.contact ?? opportunity.id,
        found: contact || existing.length ? 'person' : 'new',
        ...(relinked && { relinked }),
        ...(made.settled && { settled: made.settled }),
      };
    },

    async readStatus(remoteId) {
      const o = await opportunityOf(remoteId);
      if (!o) return null;
      // The contact it is filed under now: after a merge in Lever, the survivor.
      const candidateId = o.contact ?? null;
      if (o.archived) {
        reasons ??= (await call<Page<Reason[]>>('GET', '/archive_reasons')).data ?? [];
        const reason = reasons.find((r) => r.id === o.archived?.reason);
        const hired = reason?.type === 'hired';
        return {
          label: hired ? 'Hired' : 'Archived',
          reason: hired ? null : (reason?.text ?? null),
          stage: hired ? 'placed' : 'rejected',
          since: at(o.archived.archivedAt),
          candidateId,
        };
      }
      const name = (await allStages()).find((st) => st.id === o.stage)?.text ?? '';
      const stage = (Object.entries(BACK) as [StageKey, RegExp][]).find(([, re]) => re.test(name))?.[0] ?? null;
      return { label: name, stage, since: at(o.lastAdvancedAt), candidateId };
    },

    async personOf(remoteId) {
      return (await opportunityOf(remoteId))?.contact ?? null;
    },

    async moveApplication(remoteId, stage) {
      // Read first: whether it is archived, and how (a hire), decides the call.
      const now = await opportunityOf(remoteId);
      if (!now) throw new AtsError('rejected', 'Lever no longer has the opportunity', 404);
      return moveFrom(now, stage);
    },

    async findByEmail(email) {
      const found = (
        await call<Page<{ id: string; createdAt: number }[]>>(
          'GET',
          `/opportunities?email=${encodeURIComponent(email)}&limit=1`,
        )
      ).data?.[0];
      return found ? { since: new Date(found.createdAt).toISOString() } : null;
    },
  };
  return provider;
}
