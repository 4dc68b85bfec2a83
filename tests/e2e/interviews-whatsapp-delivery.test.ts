/**
 * The admins' interview-request list shows, under a WhatsApp request's channel, how its message went: "Delivered",
 * or the reason it failed ("Not delivered: …"), read whole on a laptop (1440x900) and a phone (390x844). The rows
 * are written as the outbox and the provider's webhook leave them (tests/api/whatsapp-delivery-state.test.ts goes
 * through the webhook).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { t } from '../../i18n';
import { REQUEST_CHANNEL, REQUEST_KIND } from '../../schema/rules/pipeline';
import { startE2E, type E2E } from '../helpers/e2e';
import { activeCandidates, addToProject, makeProject, type TestProject } from '../helpers/interviews';

const REASON = t('whatsapp.notDelivered.notWhatsapp');
let e2e: E2E;
let project: TestProject;

beforeAll(async () => {
  e2e = await startE2E();
  const knex = e2e.db.knex;
  project = await makeProject(knex, { title: 'WhatsApp Delivery Role' });
  const candidates = await activeCandidates(knex, 2, { skip: 360 });
  await addToProject(knex, project, candidates, 1);
  const requests = await knex('interview_requests')
    .insert(
      candidates.map((candidate) => ({
        project_id: project.id,
        candidate_id: candidate,
        company_id: project.companyId,
        kind: REQUEST_KIND.interview,
        channel: REQUEST_CHANNEL.whatsapp,
        expires_at: new Date(Date.now() + 7 * 86400_000),
      })),
    )
    .returning('id');
  // The first delivered (status 4), the second failed with the webhook's reason (status 3).
  await knex('whatsapp_messages').insert([
    { to: '447400100000', template: 'interview_request', status: 4, interview_request_id: requests[0].id },
    {
      to: '447400100011',
      template: 'interview_request',
      status: 3,
      error: REASON,
      interview_request_id: requests[1].id,
    },
  ]);
});

async function signedIn(viewport: { width: number; height: number }): Promise<BrowserContext> {
  const context = await e2e.browser.newContext({ viewport });
  const headers = { origin: e2e.baseUrl };
  const email = 'admin@example.com';
  await context.request.post(`${e2e.baseUrl}/api/v1/auth/send-email-otp`, { data: { email }, headers });
  const login = await context.request.post(`${e2e.baseUrl}/api/v1/auth/login-by-email-otp`, {
    data: { email, otp: await e2e.lastCode(email) },
    headers,
  });
  expect(login.status(), await login.text()).toBe(200);
  return context;
}

const contexts: BrowserContext[] = [];
afterAll(() => Promise.all(contexts.map((c) => c.close())));

describe('The interview-request list shows how a WhatsApp message went', () => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ])
    it(`delivered, and failed with the reason, at ${viewport.width}x${viewport.height}`, async () => {
      const context = await signedIn(viewport);
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(`${e2e.baseUrl}/dashboard/interview-request?projectId=Project:${project.id}`);
      const states = page.getByTestId('interview-request-list').getByTestId('request-whatsapp');
      await expect.poll(() => states.count()).toBe(2);
      const texts = await states.allInnerTexts();
      expect(texts).toContain(t('portal.interviews.list.whatsapp.delivered'));
      expect(texts).toContain(REASON);
      const failed = states.filter({ hasText: REASON });
      await failed.scrollIntoViewIfNeeded();
      expect(await failed.isVisible()).toBe(true);
      // The reason wraps in its cell: the page itself does not scroll sideways.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `/tmp/wd-list-${viewport.width}.png` });
      await page.close();
    });
});
