/**
 * What counts as news still waiting for its person, in SQL over `alert_news n`, `candidates c` and
 * `alert_subscriptions s`: new (the person did not mark it looked at, not dropped), the candidate
 * still met by that kind of viewer (a paused or deactivated one is not, nor by companies one who withdrew consent to
 * be shown to them), and since it matched not
 * moved into the project's pipeline, hidden there, nor seen in the tab before it matched. A card
 * the tab shows is marked seen as it is drawn, so the app keeps its badge until the person looks at
 * the alert; the digest leaves out what the person already saw in the tab (`unsentNewsSql`).
 */
import { ALERT_NEWS_STATE, ALERT_RECIPIENT_KIND } from '../../../schema/entities/alert';
import { companiesMaySeeSql, seenStatuses } from '../../../schema/rules/visibility';

const statuses = (viewer: 'admin' | 'company') => `array[${seenStatuses(viewer).join(', ')}]::smallint[]`;

/** SQL: the subscriber `s` meets candidate `c` by their kind (visibility.ts): the status, and for companies the consent. */
export const subscriberMeetsSql = `(c.status = any(case when s.recipient_kind = ${ALERT_RECIPIENT_KIND.admin} then ${statuses('admin')} else ${statuses('company')} end)
  and (s.recipient_kind = ${ALERT_RECIPIENT_KIND.admin} or ${companiesMaySeeSql('c')}))`;

export const pendingNewsSql = `n.state = ${ALERT_NEWS_STATE.new}
  and ${subscriberMeetsSql}
  and not exists (select 1 from project_candidates pc where pc.project_id = n.project_id and pc.candidate_id = n.candidate_id
                    and (pc.stage <> 0 or pc.is_hidden or pc.seen_at < n.first_matched_at))`;

/** News a digest may still carry: waiting, and not seen in the suggested tab since. */
export const unsentNewsSql = `${pendingNewsSql}
  and n.emailed_at is null
  and not exists (select 1 from project_candidates pcs where pcs.project_id = n.project_id and pcs.candidate_id = n.candidate_id
                    and pcs.seen_at is not null)`;
