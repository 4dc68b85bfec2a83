/** What every request handler can reach: the database, the configuration and who is asking. */
import type { Knex } from 'knex';
import type { Actor } from '../schema/roles';
import type { Config } from './config';

export interface AppContext {
  knex: Knex;
  config: Config;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      ctx: AppContext;
      actor: Actor;
      sessionId?: number;
      /** The JSON body's exact bytes, for signature checks. */
      rawBody?: Buffer;
    }
  }
}
