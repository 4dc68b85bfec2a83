/** What every request handler can reach: the database, the configuration and who is asking. */
import type { Knex } from 'knex';
import type { Actor } from '../schema/roles';
import type { Config } from './config';
import type { Readiness } from './http/readiness';

export interface AppContext {
  knex: Knex;
  config: Config;
  /** The process's readiness (the server's own, which a shutdown marks); absent: one made for the app. */
  readiness?: Readiness;
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
