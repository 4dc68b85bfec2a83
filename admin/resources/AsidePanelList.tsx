/**
 * Entities with `admin.list.asidePanel` (spec: "Tag list with an add/edit panel") keep their list
 * on screen and open the add and edit forms in a panel beside it. The panel has its own routes
 * (/tags/create, /tags/:id) so it can be linked to and the browser's back button closes it.
 */
import CloseIcon from '@mui/icons-material/Close';
import { Card, CardHeader, IconButton } from '@mui/material';
import { CreateBase, EditBase, useParams, useRedirect } from 'react-admin';
import { t } from '../../i18n';
import type { EntityDef } from '../../schema';
import { recordLabel } from '../fields/fieldMeta';
import { EntityForm } from './EntityForm';
import { EntityList } from './EntityList';

type Mode = 'list' | 'create' | 'edit';

function Panel({ entity, mode, id }: { entity: EntityDef; mode: Exclude<Mode, 'list'>; id?: string }) {
  const redirect = useRedirect();
  const label = recordLabel(entity).toLowerCase();
  const title = mode === 'create' ? t('admin.panel.add', { label }) : t('admin.panel.edit', { label });
  return (
    <Card
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
        <EditBase key={id} mutationMode="pessimistic" redirect="list">
          <EntityForm entity={entity} mode="edit" stacked />
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
