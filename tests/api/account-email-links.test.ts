/**
 * The links in account emails lead where they say: the admins' "new company awaiting approval" email opens that
 * company's page in the console, which uses normal paths under /admin (admin/main.tsx), not a `#/` fragment.
 */
import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { lastMail } from '../helpers/mailbox';
import { signUpCompany } from '../helpers/signup';

/** Under `npm test` the front ends build beside the tests (scripts/test.ts): the console's page needs that build. */
async function consoleBuilt(): Promise<void> {
  const marker = process.env.TEST_BUILD_MARKER;
  if (!marker) return;
  while (!existsSync(marker)) await new Promise((r) => setTimeout(r, 500));
  if (readFileSync(marker, 'utf8') !== 'ok') throw new Error('the console and portal build failed');
}

describe('Links in account emails', () => {
  let t: TestApp;
  beforeAll(async () => {
    await consoleBuilt();
    t = await testApp({ publicUrl: 'https://talent.example.com' });
  });

  it("The approval email links to the company's page at the console's real path, which the app serves", async () => {
    const id = await signUpCompany(t, { email: 'ada@analytical.example.com', companyName: 'Analytical Engines' });
    const mail = await lastMail(t.knex, 'admin@example.com');
    expect(mail.subject).toBe('New company awaiting approval: Analytical Engines');
    const link = /Review it in the console: (\S+)/.exec(mail.text)?.[1];
    // react-admin's path of the record `Company:<id>` of the companies resource, under the console's /admin basename.
    expect(link).toBe(`https://talent.example.com/admin/companies/Company%3A${id}`);
    expect(mail.text).not.toContain('#');
    expect(mail.html).toContain(`/admin/companies/Company%3A${id}`);

    const url = new URL(link as string);
    expect(url.hash).toBe('');
    const page = await t.http.get(url.pathname).expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('<title>Console | Talentbase</title>');
    expect(page.text).toMatch(/src="\/admin\/assets\/[^"]+\.js"/);
  });
});
