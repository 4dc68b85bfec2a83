/**
 * A signed-in candidate's pages, framed by where they stand with the terms and privacy notice (useNotice.ts): the
 * notice to accept is a dialog over the page; a candidate who declined it sees, in place of every page, a banner
 * offering to accept after all and their data rights alone (a copy of their data, an erasure), with the top bar's
 * sign-out. The server refuses their other writes too (backend/features/dataRights/noticeGate.ts).
 */
import { Alert, Box, Button, Stack } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { t } from '../../../i18n';
import { useAuth } from '../../app/auth/authContext';
import { DataExport } from '../candidate-profile/DataExport';
import { DataRights } from '../candidate-profile/DataRights';
import { CONSENTS_CHANGED, type Consents } from './consentsApi';
import { NoticeDialog } from './NoticeDialog';
import { useNotice } from './useNotice';

export function NoticeFrame({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const { consents, setConsents } = useNotice();
  const [reviewing, setReviewing] = useState(false);
  const declined = !!consents?.needsNotice && consents.declined;
  const decided = (c: Consents) => {
    setConsents(c);
    setReviewing(false);
    // The profile page reads its consents and whether companies see it again.
    window.dispatchEvent(new Event(CONSENTS_CHANGED));
  };
  return (
    <>
      {declined ? (
        <Box sx={{ maxWidth: 1180, mx: 'auto' }} data-testid="notice-declined">
          <Stack spacing={3}>
            <Alert
              severity="warning"
              sx={{
                flexWrap: { xs: 'wrap', sm: 'nowrap' },
                '& .MuiAlert-action': { ml: { xs: 0, sm: 'auto' }, pl: { xs: 0, sm: 2 } },
              }}
              action={
                <Button color="inherit" variant="outlined" onClick={() => setReviewing(true)}>
                  {t('portal.consents.declinedAccept')}
                </Button>
              }
            >
              {t('portal.consents.declinedBanner')}
            </Alert>
            <DataExport />
            <DataRights email={user?.email ?? ''} />
          </Stack>
        </Box>
      ) : (
        children
      )}
      {consents?.needsNotice && (!consents.declined || reviewing) && (
        <NoticeDialog
          key={consents.noticeVersion}
          consents={consents}
          onDecided={decided}
          onClose={declined ? () => setReviewing(false) : undefined}
        />
      )}
    </>
  );
}
