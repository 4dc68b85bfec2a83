/**
 * The web process's side of the live channel: one PostgreSQL connection LISTENs on 'live_events'
 * (the trigger of migration `notify_live_events` sends each committed event's id), the ids arriving
 * together are read in one query, and each event goes to the sockets whose person may read its
 * subject. Every process of the product listens, so an event raised by another API process or the
 * worker reaches the sockets held here. The listening connection has TCP keepalive, and the socket
 * heartbeat asks it a `select 1` (checkListener), so a half-open one is noticed too. A lost listening
 * connection is opened again, and the events committed meanwhile are read from the table, with the
 * same overlap below the last id a reconnecting socket gets, so nothing is skipped; ids delivered
 * lately are not delivered twice.
 */
import type { Knex } from 'knex';
import pg from 'pg';
import { actorKey } from '../../../schema/roles';
import { logger } from '../../logger';
import { liveDeliveryLag } from '../../metrics';
import { ACCESS_CHANGED, concerned, recheck, SIGNED_OUT, type LiveClient } from './access';
import { audiences, eventOf, wireOf, type LiveEvent } from './events';

/**
 * How many missed events a reconnecting socket is sent; further behind, it is told to reload. A web
 * process that dies takes with it what it had not yet written to its sockets, which on a busy
 * channel of a loaded machine can be tens of seconds of events: 5,000 (100 s at 50 a second, a few
 * hundred KB in 50 frames) spares those pages a reload.
 */
export const REPLAY_LIMIT = 5000;
/**
 * A transaction that took an id early may commit after one that took a later id: a reconnecting
 * socket is also sent the events of the last few seconds below its last id (it skips ids it has).
 */
const REPLAY_OVERLAP = "interval '10 seconds'";
/**
 * The shortest time between two deliveries of a process. Every frame costs a write on the server
 * and a wake-up and a parse in the page; 50 events a second sent one frame each to 500 sockets
 * cost 25,000 frames a second, more CPU than the events themselves. Grouping what arrives within
 * BATCH_MS bounds the frames and adds at most BATCH_MS to an event that follows another closely;
 * the first event after a quiet moment goes at once.
 */
export const BATCH_MS = 50;
/** How long a replay's ids are kept to skip their own delivery arriving after it (the notifications' lag). */
const REPLAYED_KEPT_MS = 10_000;
/** A replay goes in frames of this many events. */
const REPLAY_FRAME = 100;
/**
 * How long the ids this process delivered are remembered, so reading the overlap again after a
 * lost listening connection does not deliver them twice: the overlap's 10 s, with room for the
 * clocks of this machine and the database's to differ.
 */
const DELIVERED_KEPT_MS = 30_000;
/** A listening connection whose `select 1` has not answered by then is ended and opened again. */
const LIVENESS_TIMEOUT_MS = 5000;
/** What the listening connection adds to the pool's settings: a half-open one is closed by the system in time. */
const LISTENER_CONNECTION = { keepAlive: true, keepAliveInitialDelayMillis: 10_000 };

export class LiveHub {
  readonly clients = new Set<LiveClient>();
  private listener?: pg.Client;
  private pending: number[] = [];
  private flushing?: Promise<void>;
  private lastFlush = -Infinity;
  private lastId = 0;
  private stopped = false;
  /** The ids delivered lately, with when (performance.now()), oldest first. */
  private delivered = new Map<number, number>();
  /** When the listening connection was lost (performance.now()); undefined once what was missed has been read. */
  private lostAt?: number;
  private relistening = false;
  private checking = false;

  constructor(private readonly knex: Knex) {}

  async start(): Promise<void> {
    const last = await this.knex('live_events').max('id as id').first();
    this.lastId = Number(last?.id ?? 0);
    await this.listen();
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ ...connectionOf(this.knex), ...LISTENER_CONNECTION });
    client.on('notification', (n) => {
      const id = Number(n.payload);
      if (Number.isSafeInteger(id)) this.enqueue(id);
    });
    client.on('error', (err) => this.lost(client, err.message));
    try {
      await client.connect();
      await client.query('listen live_events');
    } catch (err) {
      void client.end().catch(() => {});
      throw err;
    }
    this.listener = client;
  }

  /** The listening connection failed or stopped answering: it is ended, and listening starts again in a second. */
  private lost(client: pg.Client, message: string): void {
    void client.end().catch(() => {});
    // An error of a connection already replaced (or one still connecting, which listen() throws) starts nothing.
    if (this.listener !== client) return;
    logger.warn({ message }, 'live channel: listening connection lost');
    this.listener = undefined;
    this.lostAt ??= performance.now();
    if (!this.stopped) setTimeout(() => void this.relisten(), 1000).unref();
  }

  /**
   * After a lost connection: listen again, then send what was committed while nobody listened: the
   * ids past the last one delivered, and, as a reconnecting socket is sent, those below it written
   * from REPLAY_OVERLAP before the loss on (a transaction that took its id early and committed in
   * the gap); flush skips those already delivered. Either step failing is tried again.
   */
  private async relisten(): Promise<void> {
    if (this.stopped || this.relistening || this.lostAt === undefined) return;
    this.relistening = true;
    try {
      if (!this.listener) await this.listen();
      const gapSeconds = (performance.now() - (this.lostAt ?? performance.now())) / 1000;
      const [missed, overlap] = await Promise.all([
        this.knex('live_events').where('id', '>', this.lastId).orderBy('id').limit(REPLAY_LIMIT).select('id'),
        this.knex('live_events')
          .where('id', '<=', this.lastId)
          .whereRaw(`created_at > now() - ${REPLAY_OVERLAP} - make_interval(secs => ?)`, [gapSeconds])
          .orderBy('id', 'desc')
          .limit(REPLAY_LIMIT)
          .select('id'),
      ]);
      this.lostAt = undefined;
      for (const r of [...overlap.reverse(), ...missed]) this.enqueue(Number(r.id));
    } catch (err) {
      logger.warn({ err }, 'live channel: could not listen again');
      setTimeout(() => void this.relisten(), 2000).unref();
    } finally {
      this.relistening = false;
    }
  }

  /**
   * Asks the listening connection a `select 1` (the socket heartbeat calls this): one that does not
   * answer within LIVENESS_TIMEOUT_MS, half-open after a network fault, is lost and opened again.
   */
  async checkListener(): Promise<void> {
    const client = this.listener;
    if (!client || this.checking) return;
    this.checking = true;
    try {
      await client.query({ text: 'select 1', query_timeout: LIVENESS_TIMEOUT_MS } as pg.QueryConfig);
    } catch (err) {
      this.lost(client, `liveness check failed: ${(err as Error).message}`);
    } finally {
      this.checking = false;
    }
  }

  private enqueue(id: number): void {
    this.pending.push(id);
    this.schedule();
  }

  /**
   * Flushes at once when idle, otherwise no sooner than BATCH_MS after the last flush began: what
   * arrives meanwhile goes out together, one frame per socket, so a busy project costs its sockets
   * at most 1000 / BATCH_MS frames a second however many events it raises.
   */
  private schedule(): void {
    if (this.flushing || !this.pending.length) return;
    const wait = this.lastFlush + BATCH_MS - performance.now();
    this.flushing = new Promise<void>((resolve) => (wait > 0 ? setTimeout(resolve, wait) : setImmediate(resolve))).then(
      () => this.flush(),
    );
  }

  private async flush(): Promise<void> {
    this.lastFlush = performance.now();
    try {
      const ids = [...new Set(this.pending.splice(0, 500))].filter((id) => !this.delivered.has(id));
      this.remember(ids);
      const rows = (await this.knex('live_events')
        .whereIn('id', ids)
        .orderBy('id')
        .select('id', 'topic', 'subject_id', 'kind', 'created_at')) as (Parameters<typeof eventOf>[0] & {
        created_at: Date;
      })[];
      const events = rows.map(eventOf);
      for (const e of events) this.lastId = Math.max(this.lastId, e.id);
      // A change of someone's access is applied to their sockets before anything else is sent.
      const access = events.filter((e) => e.topic === 'access');
      if (access.length) await this.applyAccess(access);
      if (!this.clients.size || !events.length) return;
      const who = await audiences(this.knex, events);
      // Each event is serialised once and each frame once per person, whatever the number of sockets,
      // and the rule is asked once per person (a person's pages and windows hold one socket each,
      // with the same ability).
      const wire = new Map(events.map((e) => [e.id, JSON.stringify(wireOf(e))]));
      const forPerson = new Map<string, { events: LiveEvent[]; frame?: string }>();
      for (const client of this.clients) {
        const person = actorKey(client.actor);
        let mine = forPerson.get(person);
        if (!mine) {
          const may = events.filter((e) => who.get(e.id)?.(client.ability) ?? false);
          mine = { events: may, frame: may.length ? frameOf(may.map((e) => wire.get(e.id) as string)) : undefined };
          forPerson.set(person, mine);
        }
        if (!mine.frame) continue;
        if (client.held) client.held.push(...mine.events);
        else if (client.replayed)
          send(
            client,
            mine.events.filter((e) => !client.replayed?.has(e.id)),
          );
        else sendFrame(client, mine.frame);
      }
      // From the event's row written (its created_at, the database's clock) to its frames written here.
      const now = Date.now();
      for (const r of rows) liveDeliveryLag.observe(Math.max(0, now - r.created_at.getTime()) / 1000);
    } catch (err) {
      logger.error({ err }, 'live channel: could not deliver events');
    } finally {
      this.flushing = undefined;
      this.schedule();
    }
  }

  /** Notes ids as delivered, and forgets those delivered more than DELIVERED_KEPT_MS ago. */
  private remember(ids: number[]): void {
    const now = performance.now();
    for (const [id, at] of this.delivered) {
      if (at > now - DELIVERED_KEPT_MS) break;
      this.delivered.delete(id);
    }
    for (const id of ids) this.delivered.set(id, now);
  }

  /**
   * Sends a (re)connected socket what it missed after `after`, then what arrived meanwhile. Further
   * behind than REPLAY_LIMIT events or the table's retention, it gets 'reset' and reloads its screens.
   */
  async replay(client: LiveClient, after: number | undefined): Promise<void> {
    client.held = [];
    const sent = new Set<number>();
    try {
      if (after !== undefined) {
        const columns = ['id', 'topic', 'subject_id', 'kind'];
        // What came after its last id decides whether it can catch up; the overlap below it is
        // bounded on its own, so a socket a few seconds behind on a busy channel is not sent a reset.
        const [oldest, missed, overlap] = await Promise.all([
          this.knex('live_events').min('id as id').first(),
          this.knex('live_events')
            .where('id', '>', after)
            .orderBy('id')
            .limit(REPLAY_LIMIT + 1)
            .select(columns) as Promise<never[]>,
          this.knex('live_events')
            .where('id', '<=', after)
            .whereRaw(`created_at > now() - ${REPLAY_OVERLAP}`)
            .orderBy('id', 'desc')
            .limit(REPLAY_LIMIT)
            .select(columns) as Promise<never[]>,
        ]);
        const events = [...overlap.reverse(), ...missed].map(eventOf);
        if (
          missed.length > REPLAY_LIMIT ||
          (oldest?.id !== null && oldest?.id !== undefined && after < Number(oldest.id) - 1)
        ) {
          client.ws.send(JSON.stringify({ type: 'reset' }));
        } else {
          const who = await audiences(this.knex, events);
          const may = events.filter((e) => who.get(e.id)?.(client.ability));
          for (let i = 0; i < may.length; i += REPLAY_FRAME) send(client, may.slice(i, i + REPLAY_FRAME));
          for (const e of may) sent.add(e.id);
        }
      }
    } finally {
      const held = client.held ?? [];
      client.held = undefined;
      // Events committed before the socket came may still be on their way to this process's flush.
      if (sent.size) {
        client.replayed = sent;
        setTimeout(() => (client.replayed = undefined), REPLAYED_KEPT_MS).unref();
      }
      send(
        client,
        held.filter((e) => !sent.has(e.id)),
      );
    }
    client.ws.send(JSON.stringify({ type: 'ready', last: this.lastId }));
  }

  /** Access changes applied so far: a socket whose session was read across one is read again (socket.ts). */
  accessChanges = 0;

  /** The sockets the access events concern read their session again (access.ts); those still open tell their page. */
  private async applyAccess(access: LiveEvent[]): Promise<void> {
    this.accessChanges++;
    const sockets = concerned(access, this.clients);
    await this.recheck(sockets);
    for (const c of sockets) sendFrame(c, ACCESS_CHANGED);
  }

  /** Reads these sockets' sessions again: a new ability each, or closed; those closed leave at once. */
  async recheck(sockets: LiveClient[]): Promise<void> {
    if (!sockets.length) return;
    try {
      await recheck(this.knex, sockets);
    } catch (err) {
      // Unsure what they may read now: they reconnect and are read afresh.
      // Through the log's error serializer: its kind, code and redacted message, never the statement's values.
      logger.warn({ err }, 'live channel: access check failed');
      for (const c of sockets) c.ws.close(1011, 'access check failed');
    }
    for (const c of sockets) if (c.ws.readyState !== c.ws.OPEN) this.clients.delete(c);
  }

  /** How many sockets a session holds here (access.ts bounds it). */
  socketsOf(sessionId: number): number {
    let n = 0;
    for (const c of this.clients) if (c.sessionId === sessionId) n++;
    return n;
  }

  /** Closes the sockets whose session ended (signed out, expired, revoked) since they connected. */
  async checkSessions(): Promise<void> {
    if (!this.clients.size) return;
    const ids = [...new Set([...this.clients].map((c) => c.sessionId))];
    const alive = new Set(
      (await this.knex('sessions').whereIn('id', ids).where('expires_at', '>', new Date()).select('id')).map(
        (r: { id: number }) => r.id,
      ),
    );
    for (const c of this.clients) if (!alive.has(c.sessionId)) c.ws.close(SIGNED_OUT, 'signed out');
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const c of this.clients) c.ws.terminate();
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => {});
  }
}

/**
 * A frame carries one event as an object, or several as an array of them in id order (the page
 * reads either); 'ready' and 'reset' are objects of their own.
 */
const frameOf = (wires: string[]): string => (wires.length === 1 ? wires[0] : `[${wires.join(',')}]`);

function sendFrame(client: LiveClient, frame: string): void {
  if (client.ws.readyState === client.ws.OPEN) client.ws.send(frame);
}

function send(client: LiveClient, events: LiveEvent[]): void {
  if (events.length) sendFrame(client, frameOf(events.map((e) => JSON.stringify(wireOf(e)))));
}

/** The pool's own connection settings (a URL or pg's settings object), for the one connection that listens. */
function connectionOf(knex: Knex): pg.ClientConfig {
  const connection =
    (knex.client as { connectionSettings?: unknown; config: { connection: unknown } }).connectionSettings ??
    knex.client.config.connection;
  if (typeof connection === 'string') return { connectionString: connection };
  if (connection && typeof connection === 'object') return connection as pg.ClientConfig;
  throw new Error('The live channel needs the database connection settings');
}
