/**
 * What counts as news still waiting for its person, in SQL over `alert_news n`, `candidates c` and
 * `alert_subscriptions s`: new (not seen, not dropped), the candidate still met by that kind of
 * viewer (a paused or deactivated one is not), and not in the project's pipeline, hidden or seen
 * there since it matched.
 */
import { ALERT_NEWS_STATE, ALERT_RECIPIENT_KIND } from '../../../schema/entities/alert';
import { seenStatuses } from '../../../schema/rules/visibility';

const statuses = (viewer: 'admin' | 'company') => `array[${seenStatuses(viewer).join(', ')}]::smallint[]`;

export const pendingNewsSql = `n.state = ${ALERT_NEWS_STATE.new}
  and c.status = any(case when s.recipient_kind = ${ALERT_RECIPIENT_KIND.admin} then ${statuses('admin')} else ${statuses('company')} end)
  and not exists (select 1 from project_candidates pc where pc.project_id = n.project_id and pc.candidate_id = n.candidate_id)`;
