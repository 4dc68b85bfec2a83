/**
 * The candidate's profile page below its header and insights: the profile form, their data rights and consents, and
 * the email-change dialog (opened from the form or from an emailed link, ?emailCode=123456). Its own chunk, loaded
 * once the page's first screen (the header) is drawn: the form's code and its many fields cost the opening nothing.
 */
import { Stack } from '@mui/material';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ConsentsCard } from '../consents/ConsentsCard';
import { DataCorrections } from './DataCorrections';
import { DataExport } from './DataExport';
import { DataRights } from './DataRights';
import { EmailChangeDialog } from './EmailChange';
import { ProfileEditor } from './ProfileEditor';
import { profileApi, type CandidateProfile } from './profileApi';
import { useAfterPaint } from '../../components/useFirstScreenful';

/** The code of an emailed email-change link (?emailCode=123456), if the page was opened from one. */
function useEmailCode(): [string | undefined, () => void] {
  const [params, setParams] = useSearchParams();
  const code = params.get('emailCode') ?? undefined;
  const clear = useCallback(() => {
    setParams(
      (p) => {
        p.delete('emailCode');
        return p;
      },
      { replace: true },
    );
  }, [setParams]);
  return [code && /^\d{6}$/.test(code) ? code : undefined, clear];
}

interface Props {
  profile: CandidateProfile;
  onSaved(profile: CandidateProfile): void;
}

export function ProfileDetails({ profile, onSaved }: Props) {
  const [emailCode, clearEmailCode] = useEmailCode();
  const [changingEmail, setChangingEmail] = useState(false);
  const changeEmail = useCallback(() => setChangingEmail(true), []);
  // The data-rights and consent cards lie below the long form: drawn once the form has been painted, in a task of
  // their own, so neither the form's drawing nor theirs is one long task that holds back a tap.
  const cards = useAfterPaint(true);
  return (
    <>
      <Stack spacing={3}>
        <ProfileEditor profile={profile} onSaved={onSaved} onChangeEmail={changeEmail} />
        {cards && (
          <>
            <DataExport />
            <DataCorrections />
            <DataRights email={profile.email} />
            <ConsentsCard />
          </>
        )}
      </Stack>
      <EmailChangeDialog
        key={emailCode ?? 'manual'}
        open={changingEmail || !!emailCode}
        candidateId={profile.id}
        currentEmail={profile.email}
        initialCode={emailCode}
        onClose={() => {
          setChangingEmail(false);
          clearEmailCode();
        }}
        onChanged={(email) => {
          onSaved({ ...profile, email });
          // The change wrote the profile: the form saves from its new version (ProfileEditor sends its updatedAt).
          void profileApi.get(profile.id).then(onSaved, () => undefined);
        }}
      />
    </>
  );
}
