/**
 * The walk a new user takes: every demo role (README's demo logins) opens its main pages at a desktop
 * (1440×900) and a phone (390×844) size, and none of what once tripped them comes back: the page
 * never scrolls sideways (the board scrolls inside itself), dates read only as formatDate and
 * formatDateTime write them, counts are worded ("1 candidate", never "candidate(s)"), and the
 * candidate's own profile speaks to them rather than of "the candidate".
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { FOREIGN_DATE_SHAPES } from '../../schema/rules/dates';
import { open, settled } from '../helpers/axe';
import { startE2E, type E2E } from '../helpers/e2e';

const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

let e2e: E2E;
let acmeProject: string;

beforeAll(async () => {
  e2e = await startE2E();
  const project = await e2e.db
    .knex('projects')
    .join('company_users', 'company_users.company_id', 'projects.company_id')
    .where('company_users.email', 'owner@acme.example.com')
    .orderBy('projects.id')
    .first('projects.guid');
  acmeProject = project.guid;
});

/** Each demo role and the pages it works in most. */
const WALKS: { who: string; email: string; pages: () => string[]; console?: true }[] = [
  {
    who: 'the general admin',
    // Its pages hand over between the portal and the console: a page of the other app (or /companies, which hands over
    // to the console's list) is opened afresh, a portal page from the portal inside it.
    console: true,
    email: 'admin@example.com',
    pages: () => [
      '/companies',
      '/credits/active-credits',
      '/dashboard/ta-dashboard-weekly',
      '/ai-match',
      '/admin/talent',
    ],
  },
  {
    who: 'the talent advocate',
    email: 'advocate@example.com',
    pages: () => ['/projects', '/search', `/project/${acmeProject}?view=board`],
  },
  {
    who: "a normal company's owner",
    email: 'owner@acme.example.com',
    pages: () => [
      '/projects',
      '/search',
      `/project/${acmeProject}`,
      `/project/${acmeProject}?view=board`,
      '/team',
      '/integrations',
      '/my-profile',
    ],
  },
  {
    who: "a normal company's member",
    email: 'member@acme.example.com',
    pages: () => ['/projects', '/search', '/my-profile'],
  },
  {
    who: "a RaaS company's owner",
    email: 'owner@raas.example.com',
    pages: () => ['/projects', '/credits/company', '/search'],
  },
  { who: 'the candidate', email: 'candidate@example.com', pages: () => ['/candidate/profile'] },
];

/** Whether a path, or the page's address, is the portal's own (not the console's, nor handed over to it). */
const inPortal = (at: Page | string) => {
  const url = typeof at === 'string' ? at : at.url();
  if (!url.startsWith('/') && !url.startsWith('http')) return false; // about:blank: nothing loaded yet
  const path = new URL(url, 'http://x').pathname;
  return !path.startsWith('/admin') && path !== '/companies';
};

/** The page once its data is in: no request under way and no spinner left. */
async function loaded(page: Page) {
  await settled(page);
  await expect.poll(() => page.locator('[role="progressbar"]').count(), { timeout: 15_000 }).toBe(0);
}

/** What trips a reader on the page as it stands; empty when nothing does. */
async function trips(page: Page, path: string): Promise<string[]> {
  const found: string[] = [];
  // The page's width, and the first element reaching past the window: named so a failure says where to look.
  const { scrollWidth, clientWidth, culprit } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.body.querySelectorAll<HTMLElement>('*')].find(
      (el) => el.getBoundingClientRect().right > width + 1 && !el.closest('[data-testid="board"]'),
    );
    const culprit = wide
      ? `${wide.tagName.toLowerCase()}.${[...wide.classList].slice(0, 3).join('.')} "${(wide.innerText ?? '').slice(0, 40)}"`
      : '';
    return { scrollWidth: document.documentElement.scrollWidth, clientWidth: width, culprit };
  });
  if (scrollWidth > clientWidth + 1)
    found.push(`the page scrolls sideways (${scrollWidth} > ${clientWidth}): ${culprit}`);
  const text = await page.locator('body').innerText();
  for (const shape of FOREIGN_DATE_SHAPES) {
    const hit = shape.exec(text);
    if (hit) found.push(`a date or time in another format: "${hit[0]}"`);
  }
  const plural = /\w\(s\)/.exec(text);
  if (plural) found.push(`a count worded "${plural[0]}"`);
  if (path.startsWith('/candidate/profile') && /the candidate/i.test(text))
    found.push('the candidate\'s own profile speaks of "the candidate"');
  return found;
}

describe('The walk through every demo role', () => {
  for (const walk of WALKS) {
    it(`${walk.who} opens each main page at 1440×900 and 390×844 and trips on nothing`, async () => {
      // The portal roles land on their first page and follow the rest inside the app, as a user moves from page to page.
      const [first] = walk.pages();
      const page = await e2e.signIn(walk.email, undefined, walk.console ? null : first);
      const found: string[] = [];
      for (const [i, size] of SIZES.entries()) {
        await page.setViewportSize(size);
        // The phone walks back from the page the desktop ended on, which it reads again at its own size, as it stands.
        const paths = i === 0 ? walk.pages() : walk.pages().reverse();
        for (const [j, path] of paths.entries()) {
          const resized = i > 0 && j === 0;
          if (!resized && walk.console && !(inPortal(page) && inPortal(path))) await page.goto(`${e2e.baseUrl}${path}`);
          else if (!resized) await open(page, path);
          await loaded(page);
          for (const trip of await trips(page, path)) found.push(`${size.width}px ${path}: ${trip}`);
        }
      }
      expect(found).toEqual([]);
      // Up to seven pages twice over, each waited for until its data is in.
    }, 300_000);
  }
});
