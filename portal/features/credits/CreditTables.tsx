/**
 * Tables shared by the credits pages: lots with their expiry, and the credit log. Empty, each says so in a line;
 * the company's own page hands in what to show instead (`empty`: what will appear there and the way to buy, EmptyCredits.tsx).
 */
import { Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { PATHS } from '../../app/paths';
import type { ReactNode } from 'react';
import { t } from '../../../i18n';
import type { CreditLogEntry, CreditLot } from '../../api/credits';
import { formatDate, formatDateTime } from '../../../schema/rules/dates';

const when = (iso: string | null) => formatDateTime(iso) ?? '';

/** An empty table's line; on the company's own page (no company column) it says where credits come from. */
const Empty = ({ text }: { text: string }) => <Typography color="text.secondary">{t(text)}</Typography>;

/** A table that scrolls sideways inside its card on a narrow screen, by keyboard too (a focusable region). */
function Scrolling({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableContainer role="region" aria-label={label} tabIndex={0} sx={{ overflowX: 'auto' }}>
      {children}
    </TableContainer>
  );
}

/**
 * A movement's project: its title, a link to it where the reader may open it, 'Deleted project' once it is gone,
 * 'A project not shared with you' for a colleague's project the reader may not open (its title is not answered).
 */
function ProjectCell({ project }: { project: CreditLogEntry['project'] }) {
  if (!project) return null;
  if (project.hidden) return <>{t('credits.page.projectNotShared')}</>;
  if (project.deleted || !project.title) return <>{t('credits.page.projectDeleted')}</>;
  if (!project.open || !project.id) return <>{project.title}</>;
  return (
    <Link component={RouterLink} to={PATHS.project(project.id)}>
      {project.title}
    </Link>
  );
}

export function LotsTable({
  lots,
  showCompany,
  actions,
  empty,
}: {
  lots: CreditLot[];
  showCompany?: boolean;
  actions?: (lot: CreditLot) => ReactNode;
  /** Shown instead of an empty table. */
  empty?: ReactNode;
}) {
  if (!lots.length) return empty ?? <Empty text={showCompany ? 'credits.page.empty' : 'credits.page.emptyOwn'} />;
  return (
    <Scrolling label={t('credits.page.lots')}>
      <Table size="small" aria-label={t('credits.page.lots')}>
        <TableHead>
          <TableRow>
            {showCompany && <TableCell>{t('credits.page.company')}</TableCell>}
            <TableCell align="right">{t('credits.page.remaining')}</TableCell>
            <TableCell align="right">{t('credits.page.added')}</TableCell>
            <TableCell>{t('credits.page.expires')}</TableCell>
            <TableCell>{t('credits.page.date')}</TableCell>
            {actions && <TableCell />}
          </TableRow>
        </TableHead>
        <TableBody>
          {lots.map((lot) => (
            <TableRow key={lot.creditDataId} data-testid="credit-lot">
              {showCompany && <TableCell>{lot.company}</TableCell>}
              <TableCell align="right">{lot.noOfCredits}</TableCell>
              <TableCell align="right">{lot.quantity}</TableCell>
              <TableCell>{formatDate(lot.expiryDate)}</TableCell>
              <TableCell>{when(lot.lastAddedOrDeducted ?? lot.added)}</TableCell>
              {actions && <TableCell align="right">{actions(lot)}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Scrolling>
  );
}

export function LogTable({
  entries,
  showCompany,
  empty,
}: {
  entries: CreditLogEntry[];
  showCompany?: boolean;
  /** Shown instead of an empty table. */
  empty?: ReactNode;
}) {
  if (!entries.length)
    return empty ?? <Empty text={showCompany ? 'credits.page.emptyLog' : 'credits.page.emptyLogOwn'} />;
  return (
    <Scrolling label={t('credits.page.log')}>
      <Table size="small" aria-label={t('credits.page.log')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('credits.page.date')}</TableCell>
            <TableCell>{t('credits.page.action')}</TableCell>
            <TableCell align="right">{t('credits.page.credits')}</TableCell>
            <TableCell align="right">{t('credits.page.balanceAfter')}</TableCell>
            <TableCell>{t('credits.page.project')}</TableCell>
            <TableCell>{t('credits.page.by')}</TableCell>
            {showCompany && <TableCell>{t('credits.page.company')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((e) => (
            <TableRow key={e.id} data-testid="credit-log-entry">
              <TableCell>{when(e.timestamp)}</TableCell>
              <TableCell>{e.actionLabel}</TableCell>
              <TableCell align="right">{e.credits > 0 ? `+${e.credits}` : e.credits}</TableCell>
              <TableCell align="right">{e.balanceAfter}</TableCell>
              <TableCell>
                <ProjectCell project={e.project} />
              </TableCell>
              <TableCell>{e.by}</TableCell>
              {showCompany && <TableCell>{e.company}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Scrolling>
  );
}
