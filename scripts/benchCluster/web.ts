/**
 * One web process of `npm run bench:cluster`: the product's app and live channel on a port of its
 * own, with its own database pool, attached as `npm start` attaches them (WORKER=off: jobs run in
 * the separate worker process). It says where it listens over IPC; the parent may kill it (SIGKILL).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../backend/app';
import { loadConfig } from '../../backend/config';
import { createKnex } from '../../backend/db/knex';
import { attachLive } from '../../backend/features/live';

const knex = createKnex(process.env.DATABASE_URL as string);
const config = loadConfig({ worker: false });
const server = createServer(createApp({ knex, config }));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
await attachLive(server, { knex, config });
process.send?.({ type: 'ready', port: (server.address() as AddressInfo).port });
