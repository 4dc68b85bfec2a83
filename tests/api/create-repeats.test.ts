/**
 * A create asked for twice is made once when the screen sends its key (`clientId`): a new project from the portal's
 * dialog (projects/repeats.ts) and a card checkout from the purchase modal (credits `sameCheckout`), repeated one after
 * the other or at the same time. The repeat answers what the first try made and charges nothing more; a request
 * without a key is not deduplicated (API clients), and another key makes another.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { balance, payingCompany, projectBody, projectsApp, type People } from '../helpers/projects';

let t: TestApp;
let p: People;
let acme: number;
let raas: number;

beforeAll(async () => {
  ({ t, p, acme, raas } = await projectsApp());
});
afterAll(async () => {
  await t?.knex.destroy();
});

const titled = (companyId: number, title: string) =>
  t.knex('projects').where({ company_id: companyId, title }).pluck('id');
const body = (title: string, extra: Record<string, unknown> = {}) => projectBody(t.knex, { title, ...extra });

describe('A new project sent again under its key', () => {
  it('A RaaS Power project sent twice, 300 ms apart, is one project charged once; both answers name it', async () => {
    await t.knex('projects').where('company_id', raas).update({ status: 3 });
    await payingCompany(t.knex, raas, 5);
    const before = await balance(t.knex, raas);
    const sent = await body('Double click Power', { plan: 2, clientId: randomUUID() });
    const first = p.as('raasAdmin').post('/projects/create', sent);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const second = await p.as('raasAdmin').post('/projects/create', sent);
    const answered = await first;
    expect(answered.status, JSON.stringify(answered.body)).toBe(201);
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.data.id).toBe(answered.body.data.id);
    expect(answered.body.data).not.toHaveProperty('clientId');
    expect(await titled(raas, 'Double click Power')).toHaveLength(1);
    expect(await balance(t.knex, raas)).toBe(before - 1);
  });

  it('Five at once under one key make one project, charged once, and none is refused as busy', async () => {
    await t.knex('projects').where('company_id', raas).update({ status: 3 });
    await payingCompany(t.knex, raas, 5);
    const before = await balance(t.knex, raas);
    const sent = await body('Five tabs Power', { plan: 2, clientId: randomUUID() });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => p.as('raasAdmin').post('/projects/create', sent)),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    expect(await titled(raas, 'Five tabs Power')).toHaveLength(1);
    expect(await balance(t.knex, raas)).toBe(before - 1);
  });

  it('At a normal company too; the same key with other fields answers the first project unchanged', async () => {
    const clientId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, async () =>
        p.as('companyAdmin').post('/projects/create', await body('Acme x5', { clientId })),
      ),
    );
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    const again = await p.as('companyAdmin').post('/projects/create', await body('Acme renamed', { clientId }));
    expect(again.status).toBe(201);
    expect(again.body.data).toMatchObject({ id: answers[0].body.data.id, title: 'Acme x5' });
    expect(await titled(acme, 'Acme x5')).toHaveLength(1);
    expect(await titled(acme, 'Acme renamed')).toHaveLength(0);
  });

  it('Without a key each create makes a project; another key makes another; a malformed key is refused', async () => {
    await p.as('companyAdmin').post('/projects/create', await body('No key'));
    await p.as('companyAdmin').post('/projects/create', await body('No key'));
    expect(await titled(acme, 'No key')).toHaveLength(2);
    await p.as('companyAdmin').post('/projects/create', await body('Two keys', { clientId: randomUUID() }));
    await p.as('companyAdmin').post('/projects/create', await body('Two keys', { clientId: randomUUID() }));
    expect(await titled(acme, 'Two keys')).toHaveLength(2);
    const bad = await p.as('companyAdmin').post('/projects/create', await body('Bad key', { clientId: 'x y' }));
    expect(bad.status).toBe(400);
    expect(await titled(acme, 'Bad key')).toHaveLength(0);
  });
});

describe('A card checkout sent again under its key', () => {
  const orders = () => t.knex('sales_orders').where({ company_id: raas, channel: 2 }).count({ n: '*' }).first();
  const checkout = (clientId?: string) =>
    p.as('raasAdmin').post('/credit/instant-purchase/stripe', {
      companyId: `Company:${raas}`,
      userId: `User:${p.who('raasAdmin').actor.id}`,
      noOfCredits: 3,
      ...(clientId ? { clientId } : {}),
    });

  it('Twice in a row and five at once under one key start one order, every answer its payment page', async () => {
    const start = Number((await orders())?.n);
    const key = randomUUID();
    const first = await checkout(key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await checkout(key);
    expect(second.body).toEqual(first.body);
    expect(Number((await orders())?.n)).toBe(start + 1);
    const other = randomUUID();
    const burst = await Promise.all(Array.from({ length: 5 }, () => checkout(other)));
    expect(burst.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(burst.map((r) => r.body.url)).size).toBe(1);
    expect(burst[0].body.url).not.toBe(first.body.url);
    expect(Number((await orders())?.n)).toBe(start + 2);
  });

  it('Without a key each checkout is an order of its own', async () => {
    const start = Number((await orders())?.n);
    const [a, b] = [await checkout(), await checkout()];
    expect(a.body.url).not.toBe(b.body.url);
    expect(Number((await orders())?.n)).toBe(start + 2);
  });
});
