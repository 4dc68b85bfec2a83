/**
 * On the console's add-talent form: while the admin types, the profiles that look like the same
 * person (same email, phone, LinkedIn or GitHub, or a close name at the same employer and title),
 * each linked, before the new one is saved. Saving stays possible: the pair then waits in the queue.
 * The warning speaks of what the form holds now: it goes once the email, phone, links and last name
 * are all cleared, and an answer to an earlier state of the form (overtaken by a later one) is dropped.
 */
import { Alert, AlertTitle, Link, Stack } from '@mui/material';
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { LinkBase, useBasename } from 'react-admin';
import { t } from '../../i18n';
import { apiCall } from '../providers/http';

interface Twin {
  id: string;
  name: string | null;
  reasons: string[];
  confidence: number;
}

const WAIT_MS = 500;

export function TwinWarning({ showPath }: { showPath: (id: string) => string }) {
  const basename = useBasename();
  // The current location too: a phone written the national way ('9123 4567') is read with its country.
  const [firstName, lastName, email, phone, linkedInUrl, githubUrl, experiences, currentLocationId] = useWatch({
    name: ['firstName', 'lastName', 'email', 'phone', 'linkedInUrl', 'githubUrl', 'experiences', 'currentLocationId'],
  }) as [string?, string?, string?, string?, string?, string?, { company?: string; title?: string }[]?, unknown?];
  const place = currentLocationId ?? null;
  const [twins, setTwins] = useState<Twin[]>([]);
  const jobs = JSON.stringify(
    (experiences ?? []).map((x) => ({ company: x?.company ?? null, title: x?.title ?? null })),
  );

  useEffect(() => {
    if (!email && !phone && !linkedInUrl && !githubUrl && !lastName) {
      setTwins([]);
      return;
    }
    // Only the answer to the form as it is now is shown: once it changes, an answer still on its way is dropped.
    let current = true;
    const timer = setTimeout(() => {
      apiCall<{ twins: Twin[] }>('/candidate-duplicates/check', {
        method: 'POST',
        body: {
          firstName,
          lastName,
          email,
          phone,
          linkedInUrl,
          githubUrl,
          currentLocationId: place,
          experiences: JSON.parse(jobs),
        },
      })
        .then((r) => current && setTwins(r.twins))
        .catch(() => current && setTwins([]));
    }, WAIT_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [firstName, lastName, email, phone, linkedInUrl, githubUrl, place, jobs]);

  if (!twins.length) return null;
  return (
    <Alert severity="warning" role="alert">
      <AlertTitle>{t('duplicates.warning.title')}</AlertTitle>
      <Stack spacing={0.5}>
        {twins.map((tw) => (
          <span key={tw.id}>
            <Link component={LinkBase} to={`${basename}${showPath(tw.id)}`}>
              {t('duplicates.warning.open', { name: tw.name ?? tw.id })}
            </Link>{' '}
            ({tw.reasons.map((r) => t(`duplicates.reasons.${r}`)).join(', ')}, {tw.confidence}%)
          </span>
        ))}
        <span>{t('duplicates.warning.saveAnyway')}</span>
      </Stack>
    </Alert>
  );
}
