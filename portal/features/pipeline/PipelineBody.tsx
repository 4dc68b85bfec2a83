/** The candidates of the page in the chosen view, with the loading, error and empty states and the list's pages. */
import PeopleOutlineOutlined from '@mui/icons-material/PeopleOutlineOutlined';
import { Alert, Box, Button, Pagination, Skeleton, Stack, Typography } from '@mui/material';
import { t } from '../../../i18n';
import { STAGES, type StageId } from '../../../schema/rules/pipeline';
import type { PipelineRole } from '../../../schema/rules/stages';
import type { ApiError } from '../../../ui/api/client';
import type { PipelineDoc } from '../../api/pipeline';
import { EmptyState } from '../../components/EmptyState';
import type { MenuRequest } from './CandidateMenu';
import type { CandidateActionContext } from './candidateActionTypes';
import { PipelineBoard } from './PipelineBoard';
import { PipelineList } from './PipelineList';
import { pageRange } from '../search/searchUrl';
import { hasFilters, type PipelineUrlState } from './pipelineUrl';
import { stageLabel } from './stageKeys';
import type { PipelineData } from './usePipelineData';
import { visuallyHidden } from '../../../ui/components/visuallyHidden';

interface Props {
  url: PipelineUrlState;
  tab: StageId;
  stages: StageId[];
  role: PipelineRole;
  data: PipelineData | undefined;
  loading: boolean;
  error: ApiError | undefined;
  reload(): void;
  listDocs: PipelineDoc[];
  boardDocs: PipelineDoc[];
  pending: Record<string, StageId>;
  selected: ReadonlySet<string>;
  onSelect(ids: string[], on: boolean): void;
  contextFor(doc: PipelineDoc): CandidateActionContext;
  onRequest(request: MenuRequest): void;
  onRefused(reason: string): void;
  onPage(page: number): void;
  /** An inactive project: the list offers no selection and no move. */
  readOnly?: boolean;
}

function Skeletons({ board }: { board: boolean }) {
  if (board)
    return (
      <Stack direction="row" spacing={1.5} sx={{ overflow: 'hidden' }} data-testid="skeletons">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rectangular" width={232} height={320} sx={{ borderRadius: 1, flexShrink: 0 }} />
        ))}
      </Stack>
    );
  return (
    <Stack spacing={1.5} data-testid="skeletons">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} variant="rectangular" height={112} sx={{ borderRadius: 1 }} />
      ))}
    </Stack>
  );
}

export function PipelineBody(props: Props) {
  const { url, tab, stages, role, data, loading, error, reload, listDocs, boardDocs, pending } = props;
  const board = url.view === 'board';
  const answeredKey = `${url.view}:${tab}`;
  if (error)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={reload}>
            {t('portal.pipeline.retry')}
          </Button>
        }
      >
        {t('portal.pipeline.tabError')}
      </Alert>
    );
  if (!data) return <Skeletons board={board} />;

  if (board)
    return (
      <Box
        sx={{ opacity: loading ? 0.7 : 1, transition: 'opacity 120ms' }}
        aria-busy={loading}
        data-answered={loading ? undefined : answeredKey}
      >
        <Typography component="h2" sx={visuallyHidden}>
          {t('portal.pipeline.view.board')}
        </Typography>
        <Typography variant="body2" color="text.secondary" id="board-keyboard-help" sx={visuallyHidden}>
          {t('portal.pipeline.keyboardHelp')}
        </Typography>
        <PipelineBoard
          docs={boardDocs}
          stages={stages}
          totals={data.totals}
          pending={pending}
          role={role}
          contextFor={props.contextFor}
          onRequest={props.onRequest}
          onRefused={props.onRefused}
        />
      </Box>
    );

  const total = data.totals[tab] ?? 0;
  // The list is asked in the page size chosen (pipelineUrl's apiQuery): its pages are counted in it.
  const { pages, pastEnd } = pageRange(total, url.search.page, url.search.perPage);
  const pager = (
    <Pagination
      sx={{ mt: 3, display: 'flex', justifyContent: 'center' }}
      count={pages}
      page={pastEnd ? url.search.page : Math.min(url.search.page, pages)}
      onChange={(_, page) => props.onPage(page)}
    />
  );
  // A page past the tab's last one (an old link, candidates moved since) offers the pages there are.
  if (!listDocs.length && !loading && pastEnd)
    return (
      <EmptyState
        icon={<PeopleOutlineOutlined />}
        title={t('portal.pipeline.empty.pastEndTitle')}
        description={t('portal.pipeline.empty.pastEndText')}
        action={pager}
      />
    );
  if (!listDocs.length && !loading) {
    const filtered = hasFilters(url);
    return (
      <EmptyState
        icon={<PeopleOutlineOutlined />}
        title={
          filtered
            ? t('portal.pipeline.empty.filteredTitle')
            : t('portal.pipeline.empty.title', { stage: stageLabel(tab) })
        }
        description={
          filtered
            ? t('portal.pipeline.empty.filteredText')
            : tab === STAGES.open
              ? t('portal.pipeline.empty.openText')
              : t('portal.pipeline.empty.text')
        }
      />
    );
  }
  return (
    <Box
      sx={{ opacity: loading ? 0.6 : 1, transition: 'opacity 120ms' }}
      aria-busy={loading}
      data-answered={loading ? undefined : answeredKey}
    >
      {/* The outline a screen reader lists: the page's title, then the open stage, then its candidates. */}
      <Typography component="h2" sx={visuallyHidden}>
        {stageLabel(tab)}
      </Typography>
      <PipelineList
        docs={listDocs}
        pending={pending}
        selected={props.selected}
        readOnly={props.readOnly}
        onSelect={props.onSelect}
        contextFor={props.contextFor}
        onRequest={props.onRequest}
      />
      {total > url.search.perPage && pager}
    </Box>
  );
}
