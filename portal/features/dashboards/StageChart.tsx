/** The stacked bar chart of moves into each stage per week (@mui/x-charts, themed by the app's MUI theme); loaded only with the dashboards. */
import { BarChart } from '@mui/x-charts/BarChart';
import { t } from '../../../i18n';
import type { StageKey, WeekRow } from '../../api/dashboards';

export default function StageChart({ rows, stages }: { rows: WeekRow[]; stages: StageKey[] }) {
  const dataset = rows.map((r) => ({ week: r.week, ...r.stages }));
  return (
    <BarChart
      height={340}
      dataset={dataset}
      xAxis={[{ scaleType: 'band', dataKey: 'week' }]}
      series={stages.map((s) => ({ dataKey: s, label: t(`portal.dashboard.stages.${s}`), stack: 'moves' }))}
      aria-label={t('portal.dashboard.weekly.chartLabel')}
    />
  );
}
