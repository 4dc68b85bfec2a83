/**
 * The AI match tests' world: candidates who fit a backend job description (written through the
 * admin API), the admin, a company owner and a candidate as callers, and the match_candidates job
 * run once as the worker would.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { client, type Client } from './actors';
import { testApp, type TestApp } from './app';
import type { E2E } from './e2e';
import { runJobs } from './jobs';
import { startLlmStandIn, type LlmStandIn } from './llm';
import { candidatePayload, talentIds, type TalentIds } from './talent';

export const JD = `Senior Backend Engineer (Payments)

What you'll do
- Design and build payment services in Java and Spring Boot
- Run event streams on Kafka and deploy to AWS

Requirements
- 5+ years of professional software engineering experience
- Strong Java and PostgreSQL skills
- Fluent English

Location: Singapore (hybrid). Full-time, permanent role.
Salary: SGD 8,000 - 11,000 per month.`;

export interface MatchWorld {
  ids: TalentIds;
  admin: Client;
  company: Client;
  candidate: Client;
  anonymous: Client;
  /** Creates a candidate who fits JD; returns the plain id. */
  fit(overrides?: Record<string, unknown>, startYear?: number): Promise<number>;
}

export async function matchWorld(t: TestApp): Promise<MatchWorld> {
  const ids = await talentIds(t.knex);
  const adminToken = await t.login('admin@example.com');
  const skill = async (name: string) => (await t.knex('skills').where('name', name).first('id')).id as number;
  const [java, spring, kafka, aws, postgres] = await Promise.all(
    ['Java', 'Spring Boot', 'Apache Kafka', 'Amazon Web Services', 'PostgreSQL'].map(skill),
  );
  const backend = (await t.knex('job_titles').where('name', 'Senior Backend Engineer').first('id')).id as number;
  const year = new Date().getUTCFullYear();
  const fit = async (overrides: Record<string, unknown> = {}, startYear = year - 7) => {
    const res = await t.http
      .post('/api/v1/candidates')
      .set('Authorization', `Bearer ${adminToken}`)
      .send(
        candidatePayload(ids, {
          status: 1,
          jobTitleLookingFor: [backend],
          skills: [java, spring, kafka, aws, postgres].map((skillId, i) => ({ skillId, isStar: i < 2 })),
          experiences: [
            {
              title: 'Senior Backend Engineer',
              company: 'Grab',
              startDate: `${startYear}-01-01`,
              currentPosition: true,
              description: 'Payment services in Java and Spring Boot on Kafka, PostgreSQL and AWS.',
            },
          ],
          preferredLocations: [{ locationId: ids.singapore, visaType: 1 }],
          expectedSalary: 10000,
          expectedSalaryCurrency: 'SGD',
          ...overrides,
        }),
      );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return Number(String(res.body.id).replace('Candidate:', ''));
  };
  return {
    ids,
    admin: client(t, adminToken),
    company: client(t, await t.login('owner@acme.example.com')),
    candidate: client(t, await t.login('candidate@example.com')),
    anonymous: client(t),
    fit,
  };
}

/** Starts a match from `body`, confirms the requirements read, runs the job once and answers the finished run. */
export async function matchOnce(t: TestApp, admin: Client, body: Record<string, unknown>) {
  const started = await admin.post('/projects/ai-match', body);
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const judged = await admin.post(`/projects/ai-match/${started.body.id}/judge`, {});
  expect(judged.status, JSON.stringify(judged.body)).toBe(200);
  await runJobs(t);
  const status = await admin.get(`/projects/ai-status/${started.body.id}`);
  expect(status.status).toBe(200);
  return status.body as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** The AI match API files' setup: the app, the loopback model stand-in and the match world. */
export interface JudgedMatchWorld {
  t: TestApp;
  llm: LlmStandIn;
  w: MatchWorld;
}

/**
 * Starts the model stand-in and an app that judges the top 3 of 300 retrieved candidates through it (no retries, one
 * call at a time, each given up after `timeoutMs`), then adds three candidates who fit JD, named `${prefix}0 Person` to
 * `${prefix}2 Person`. The caller closes `llm` when its file ends.
 */
export async function judgedMatchWorld(prefix: string, timeoutMs: number): Promise<JudgedMatchWorld> {
  const llm = await startLlmStandIn();
  const t = await testApp();
  t.config.aiMatch = { retrieve: 300, judgeTop: 3 };
  t.config.llm = {
    ...{ baseUrl: llm.baseUrl, model: llm.model, apiKey: 'local' },
    ...{ timeoutMs, retries: 0, backoffMs: 10, concurrency: 1 },
  };
  const w = await matchWorld(t);
  for (let i = 0; i < 3; i += 1) await w.fit({ firstName: `${prefix}${i}`, lastName: 'Person' });
  return { t, llm, w };
}

/**
 * For the browser tests: the admin's signed-in page (`admin`) creates one active candidate in Singapore per name in
 * `firstNames`, all with `lastName`, through the running app's API, and checks each was created.
 */
export async function addSingaporeCandidates(e2e: E2E, admin: Page, lastName: string, firstNames: string[]) {
  const ids = await talentIds(e2e.db.knex);
  for (const firstName of firstNames) {
    const res = await admin.request.post(`${e2e.baseUrl}/api/v1/candidates`, {
      headers: { origin: e2e.baseUrl },
      data: candidatePayload(ids, {
        firstName,
        lastName,
        status: 1,
        preferredLocations: [{ locationId: ids.singapore, visaType: 1 }],
      }),
    });
    expect(res.status(), await res.text()).toBe(201);
  }
}
