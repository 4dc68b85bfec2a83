/** One candidate's menu: the stage moves the rules allow, the project flags, downloads, admin edit and the extra actions. */
import MoreVertOutlined from '@mui/icons-material/MoreVertOutlined';
import { Divider, IconButton, ListItemText, ListSubheader, Menu, MenuItem, Typography } from '@mui/material';
import { useState, type KeyboardEvent } from 'react';
import { t } from '../../../i18n';
import { CANDIDATE_DOWNLOAD_KINDS, type CandidateDownload } from '../../../schema/rules/downloads';
import type { StageId } from '../../../schema/rules/pipeline';
import { downloadCandidate } from '../search/downloadFile';
import { errorMessage } from '../../../ui/api/errors';
import type { PipelineDoc } from '../../api/pipeline';
import { useNotify } from '../../app/notify';
import type { CandidateActionContext, ExtraCandidateAction } from './candidateActionTypes';
import { EXTRA_CANDIDATE_ACTIONS, menuPlan } from './candidateActions';
import { stageLabel } from './stageKeys';

export type MenuRequest =
  | { kind: 'profile' | 'addToProject' | 'favourite' | 'hide'; doc: PipelineDoc }
  | { kind: 'move'; doc: PipelineDoc; to: StageId; move: 'move' | 'skip' | 'reject' };

interface Props {
  context: CandidateActionContext;
  disabled?: boolean;
  onRequest(request: MenuRequest): void;
  /** The board's: the next stage's item shows its shortcut on the focused card (useCardShortcut). */
  nextShortcut?: boolean;
}

export function CandidateMenu({ context, disabled, onRequest, nextShortcut }: Props) {
  const { doc, role } = context;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [extra, setExtra] = useState<ExtraCandidateAction>();
  const notify = useNotify();
  // The downloads the server answers 200 for, as the board's answer says of this candidate (its role's rule over the
  // candidate's facts, and a file to send): none offered that would end in a 403 or a 404.
  const downloads = CANDIDATE_DOWNLOAD_KINDS.filter((d) => doc.canDownload?.[d]);
  const plan = menuPlan(doc, role, downloads, context.project.status);
  const name = doc.name || t('portal.pipeline.card.anonymous');
  const close = () => setAnchor(null);
  const pick = (request: MenuRequest) => () => {
    close();
    onRequest(request);
  };
  const get = (kind: CandidateDownload) => () => {
    close();
    downloadCandidate(kind, doc.id).catch((err: unknown) => notify(errorMessage(err), 'error'));
  };
  const extras = EXTRA_CANDIDATE_ACTIONS.filter((a) => a.visible?.(context) ?? true);
  const has = (a: string) => plan.actions.includes(a as never);
  // The menu button sits on a draggable card: its keys must not start a keyboard drag.
  const stopKeys = (e: KeyboardEvent) => e.stopPropagation();

  return (
    <>
      <IconButton
        size="small"
        aria-label={t('portal.pipeline.card.actions', { name })}
        aria-haspopup="menu"
        disabled={disabled}
        onClick={(e) => {
          e.stopPropagation();
          setAnchor(e.currentTarget);
        }}
        onKeyDown={stopKeys}
        onPointerDown={(e) => e.stopPropagation()}
        data-testid="candidate-menu"
      >
        <MoreVertOutlined fontSize="small" />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        onKeyDown={stopKeys}
        onClick={(e) => e.stopPropagation()}
      >
        <MenuItem onClick={pick({ kind: 'profile', doc })}>{t('portal.pipeline.menu.profile')}</MenuItem>
        {plan.next !== undefined && (
          <MenuItem
            onClick={pick({ kind: 'move', doc, to: plan.next, move: 'move' })}
            aria-keyshortcuts={nextShortcut ? 'Shift+ArrowRight' : undefined}
          >
            {t('portal.pipeline.menu.next', { stage: stageLabel(plan.next) })}
            {nextShortcut && (
              <Typography
                variant="body2"
                color="text.secondary"
                component="kbd"
                aria-hidden // A touch screen has no keys to press.
                sx={{ ml: 'auto', pl: 3, '@media (hover: none)': { display: 'none' } }}
              >
                {t('portal.pipeline.shortcut.next')}
              </Typography>
            )}
          </MenuItem>
        )}
        {has('reject') && (
          <MenuItem onClick={pick({ kind: 'move', doc, to: 6, move: 'reject' })}>
            {t('portal.pipeline.menu.reject')}
          </MenuItem>
        )}
        {plan.skipTo.length > 0 && <ListSubheader>{t('portal.pipeline.menu.skip')}</ListSubheader>}
        {plan.skipTo.map((to) => (
          <MenuItem key={to} sx={{ pl: 4 }} onClick={pick({ kind: 'move', doc, to, move: 'skip' })}>
            {t('portal.pipeline.menu.skipTo', { stage: stageLabel(to) })}
          </MenuItem>
        ))}
        {extras.length > 0 && <Divider />}
        {extras.map((a) => {
          // An action the server would refuse here is shown disabled, with the reason.
          const refused = a.refusal?.(context);
          return (
            <MenuItem
              key={a.id}
              disabled={Boolean(refused)}
              onClick={() => {
                close();
                setExtra(a);
              }}
            >
              <ListItemText primary={t(a.labelKey)} secondary={refused && t(refused)} />
            </MenuItem>
          );
        })}
        {(has('addToProject') || has('favourite')) && <Divider />}
        {has('addToProject') && (
          <MenuItem onClick={pick({ kind: 'addToProject', doc })}>{t('portal.pipeline.menu.addToProject')}</MenuItem>
        )}
        {has('favourite') && (
          <MenuItem onClick={pick({ kind: 'favourite', doc })}>
            {t(doc.isFavorited ? 'portal.pipeline.menu.unfavourite' : 'portal.pipeline.menu.favourite')}
          </MenuItem>
        )}
        {has('hide') && (
          <MenuItem onClick={pick({ kind: 'hide', doc })}>
            {t(doc.isHidden ? 'portal.pipeline.menu.unhide' : 'portal.pipeline.menu.hide')}
          </MenuItem>
        )}
        {downloads.length > 0 && <Divider />}
        {has('downloadPdf') && <MenuItem onClick={get('pdf')}>{t('portal.pipeline.menu.downloadPdf')}</MenuItem>}
        {has('downloadCv') && <MenuItem onClick={get('cv')}>{t('portal.pipeline.menu.downloadCv')}</MenuItem>}
        {has('downloadBlindCv') && (
          <MenuItem onClick={get('blindCv')}>{t('portal.pipeline.menu.downloadBlindCv')}</MenuItem>
        )}
        {has('edit') && (
          <MenuItem component="a" href={`/admin/talent/edit/${encodeURIComponent(doc.id)}`} onClick={close}>
            {t('portal.pipeline.menu.edit')}
          </MenuItem>
        )}
      </Menu>
      {extra && <extra.Dialog context={context} onClose={() => setExtra(undefined)} />}
    </>
  );
}
