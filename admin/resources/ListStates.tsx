/** What a list shows when there is nothing to list: none yet, or none matching the filters. */
import InboxIcon from '@mui/icons-material/InboxOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Box, Button, Typography } from '@mui/material';
import { CreateButton, useListContext } from 'react-admin';
import { t } from '../../i18n';
import type { EntityDef } from '../../schema';
import { pluralLabel } from '../fields/fieldMeta';

export function ListEmpty({ entity }: { entity: EntityDef }) {
  const label = pluralLabel(entity).toLowerCase();
  return (
    <Box sx={{ textAlign: 'center', py: 10, px: 2, width: '100%' }}>
      <InboxIcon sx={{ fontSize: 72, color: 'text.disabled' }} />
      <Typography variant="h6" sx={{ mt: 1 }}>
        {t('admin.empty.title', { label })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        {t('admin.empty.hint')}
      </Typography>
      <CreateButton variant="contained" />
    </Box>
  );
}

export function ListNoMatches({ entity }: { entity: EntityDef }) {
  const { setFilters } = useListContext();
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2 }}>
      <SearchOffIcon sx={{ fontSize: 48, color: 'text.disabled' }} />
      <Typography variant="subtitle1" sx={{ mt: 1 }}>
        {t('admin.empty.noMatches', { label: pluralLabel(entity).toLowerCase() })}
      </Typography>
      <Button size="small" onClick={() => setFilters({}, {})}>
        {t('admin.empty.clearFilters')}
      </Button>
    </Box>
  );
}
