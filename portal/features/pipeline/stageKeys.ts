/** Stage ids to the stats object's keys and the catalogue's stage labels. */
import { STAGES, type StageId, type StageKey } from '../../../schema/rules/pipeline';
import { t } from '../../../i18n';

export const STAGE_KEYS = Object.fromEntries(Object.entries(STAGES).map(([k, v]) => [v, k])) as Record<
  StageId,
  StageKey
>;

export const stageLabel = (stage: StageId) => t(`portal.pipeline.stages.${STAGE_KEYS[stage]}`);
