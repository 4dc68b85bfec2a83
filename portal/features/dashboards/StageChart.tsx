/**
 * The stacked bar chart of moves into each stage per week (@mui/x-charts, themed by the app's MUI theme); loaded only
 * with the dashboards. Counts are whole candidates, so the value axis steps by whole numbers; each stage has a colour
 * of its own (Okabe and Ito's palette, told apart with most kinds of colour blindness) and both axes say what they count.
 */
import { BarChart } from '@mui/x-charts/BarChart';
import { t } from '../../../i18n';
import { formatDate } from '../../../schema/rules/dates';
import type { StageKey, WeekRow } from '../../api/dashboards';

export const STAGE_COLOURS: Record<StageKey, string> = {
  open: '#8C8C8C',
  qualify: '#56B4E9',
  shortlist: '#0072B2',
  interviewing: '#009E73',
  interviewing2: '#CC79A7',
  offered: '#E69F00',
  placed: '#1B5E20',
  rejected: '#D55E00',
};

export default function StageChart({ rows, stages }: { rows: WeekRow[]; stages: StageKey[] }) {
  const dataset = rows.map((r) => ({ week: r.week, ...r.stages }));
  return (
    <BarChart
      height={360}
      dataset={dataset}
      xAxis={[
        {
          scaleType: 'band',
          dataKey: 'week',
          label: t('portal.dashboard.axis.week'),
          valueFormatter: (week: string) => formatDate(week) ?? week,
        },
      ]}
      yAxis={[{ label: t('portal.dashboard.axis.moves'), tickMinStep: 1, min: 0, width: 56 }]}
      series={stages.map((s) => ({
        dataKey: s,
        label: t(`portal.dashboard.stages.${s}`),
        stack: 'moves',
        color: STAGE_COLOURS[s],
      }))}
      aria-label={t('portal.dashboard.weekly.chartLabel')}
    />
  );
}
