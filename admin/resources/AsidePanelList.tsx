/**
 * Entities with `admin.list.asidePanel` (spec: "Tag list with an add/edit panel") keep their list
 * on screen and open the add and edit forms in a panel beside it. The panel has its own routes
 * (/tags/create, /tags/:id) so it can be linked to and the browser's back button closes it. Opening the panel
 * moves the focus to its form's first field (once the form is drawn: an edit's record loads first). An edit of a
 * record changed since the panel read it is refused, and says so with a way to reload (ChangedMeanwhile.tsx). A record
 * that did not load says why in the panel with Try again; only a 404 is told as gone (LoadFailed.tsx).
 */
import CloseIcon from '@mui/icons-material/Close';
import { Card, CardHeader, IconButton } from '@mui/material';
import { useEffect, useRef, type RefObject } from 'react';
import { CreateBase, EditBase, useParams, useRedirect } from 'react-admin';
import { t } from '../../i18n';
import type { EntityDef } from '../../schema';
import { recordLabel } from '../fields/fieldMeta';
import { ChangedMeanwhileDialog, useChangedMeanwhile } from './ChangedMeanwhile';
import { EntityForm } from './EntityForm';
import { EntityList } from './EntityList';
import { EditLoadFailed, recordLoadFailed, useRecordLoadOptions } from './LoadFailed';

type Mode = 'list' | 'create' | 'edit';

const FIELD =
  'input:not([type="hidden"]):not([disabled]):not([tabindex="-1"]), textarea:not([aria-hidden="true"]):not([tabindex="-1"]), [role="radio"][tabindex="0"]';
/** How long a panel waits for its form before it gives up moving the focus (an edit's record may be slow to load). */
const FORM_WAIT_MS = 5000;

/** Focuses the first field of the form inside `panel` once it is drawn, each time the panel opens on another form. */
function useFocusFirstField(panel: RefObject<HTMLElement | null>, key: string) {
  useEffect(() => {
    const element = panel.current;
    if (!element) return;
    const focusFirst = () => {
      const first = element.querySelector('form')?.querySelector<HTMLElement>(FIELD);
      // The admin may already be working inside the panel: their place is kept.
      if (first && !element.contains(document.activeElement)) first.focus();
      return !!first;
    };
    if (focusFirst()) return;
    const observer = new MutationObserver(() => focusFirst() && observer.disconnect());
    observer.observe(element, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), FORM_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [panel, key]);
}

function Panel({ entity, mode, id }: { entity: EntityDef; mode: Exclude<Mode, 'list'>; id?: string }) {
  const redirect = useRedirect();
  const label = recordLabel(entity).toLowerCase();
  const title = mode === 'create' ? t('admin.panel.add', { label }) : t('admin.panel.edit', { label });
  const panel = useRef<HTMLElement>(null);
  useFocusFirstField(panel, `${mode}:${id ?? ''}`);
  const changed = useChangedMeanwhile();
  const queryOptions = useRecordLoadOptions();
  return (
    <Card
      ref={panel}
      component="aside"
      aria-label={title}
      sx={{
        width: { xs: '100%', md: 400 },
        flexShrink: 0,
        ml: { md: 2 },
        mt: { xs: 2, md: 0 },
        alignSelf: 'flex-start',
      }}
    >
      <CardHeader
        title={title}
        slotProps={{ title: { variant: 'h6' } }}
        action={
          <IconButton aria-label={t('admin.panel.close')} onClick={() => redirect('list', entity.resource)}>
            <CloseIcon />
          </IconButton>
        }
        sx={{ pb: 0 }}
      />
      {mode === 'create' ? (
        <CreateBase redirect="list">
          <EntityForm entity={entity} mode="create" stacked />
        </CreateBase>
      ) : (
        // Keyed by id so choosing another row starts a fresh form.
        <EditBase
          key={id}
          mutationMode="pessimistic"
          redirect="list"
          mutationOptions={{ onError: changed.onError }}
          queryOptions={queryOptions}
          error={<EditLoadFailed title={recordLoadFailed(recordLabel(entity).toLowerCase())} />}
        >
          <EntityForm entity={entity} mode="edit" stacked>
            <ChangedMeanwhileDialog code={changed.code} onClose={changed.close} />
          </EntityForm>
        </EditBase>
      )}
    </Card>
  );
}

export function AsidePanelList({ entity, mode }: { entity: EntityDef; mode: Mode }) {
  const params = useParams<{ id?: string }>();
  const id = params.id ? decodeURIComponent(params.id) : undefined;
  return (
    <EntityList
      entity={entity}
      selectedId={id}
      aside={mode === 'list' ? undefined : <Panel entity={entity} mode={mode} id={id} />}
    />
  );
}
