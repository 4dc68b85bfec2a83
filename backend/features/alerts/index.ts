/**
 * Saved-search alerts, the public face: a project's owner, shared members and advocate each turn
 * on an alert of the candidates who newly match the project's saved filters (`current_url`, the
 * suggested tab's search), and hear of them in the app (a notification opening the suggested tab
 * filtered to the new ones, "new" badges on their cards) and by a daily or weekly digest email at
 * 08:00 of their own time zone, with a one-click unsubscribe that needs no session.
 *
 * - who.ts: who receives a project's alerts, in SQL (the pure rule: schema/rules/alerts.ts);
 * - match.ts: the `match_alerts` run over the candidates changed since the last one, every
 *   project's saved search asked at once through search's conditions, the gate's statuses per
 *   viewer, nobody already in the pipeline, hidden or seen; news only of who the search did not find at the last
 *   run (`alert_matches`, recorded when the alert is turned on); a candidate counts once per person, and is emailed
 *   to them once: one who pauses counts nowhere meanwhile, and on their return is not news again once emailed;
 *   A run that does not serve an alert (its project paused or closed, its company's alerts off) while candidates
 *   changed leaves its record behind, so on its return its whole pool is asked: who newly matched meanwhile is news;
 *   an edited saved search is a new starting point: who its new filters find at the edit is not news, only who joins
 *   or changes so as to match after it;
 * - news.ts: what still counts as news (a paused candidate drops out of an unsent digest);
 * - reached.ts: the news a person still reaches in the project, one statement per alert: the count and the list of
 *   the alert panel, the cards' badges and the search page's "N new" all read it, so they always agree;
 * - notice.ts: the in-app notification, titled without a count (the panel it opens counts live); digest.ts: the
 *   `send_alert_digests` email, counting what it carries ("since your last digest"), lines as the cards' headline;
 * - searchNews.ts: the caller's alerts and their new candidates, for the search page's "N new since";
 * - tokens.ts: the signed unsubscribe link and the digest's List-Unsubscribe headers (RFC 8058:
 *   a mail program POSTs `List-Unsubscribe=One-Click` to it); endpoints.ts: the person's routes; console.ts: the
 *   admins' volume per company and switch.
 */
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { alertConsoleEndpoints } from './console';
import { sendDueDigests } from './digest';
import { alertEndpoints, UNSUBSCRIBE_PATH } from './endpoints';
import { matchAlerts, type RunResult } from './match';
import { noticeNews } from './notice';
import { searchNewsEndpoints } from './searchNews';

export const alertsEndpoints = [...searchNewsEndpoints, ...alertEndpoints, ...alertConsoleEndpoints];
export { sendDueDigests, matchAlerts, type RunResult, UNSUBSCRIBE_PATH };

/**
 * One matching run and its notifications; what the `match_alerts` job does. One transaction (the
 * two inner ones are savepoints of it): the run consumes the changed marks, so a notice that fails
 * must put them back, or the retry would find nothing changed and never raise it.
 */
export async function runAlerts(knex: Knex, config: Config): Promise<RunResult & { told: number }> {
  return knex.transaction(async (trx) => {
    const result = await matchAlerts(trx);
    const told = await noticeNews(trx, config, result.alerted);
    return { ...result, told };
  });
}
