/** The reading view of a profile under its header: history on the left, search details, skills and internal notes on the right. */
import Star from '@mui/icons-material/Star';
import { Box, Card, CardContent, Chip, Divider, Link, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useGetMany, useRecordContext, type Identifier } from 'react-admin';
import { t } from '../../../../i18n';
import { mailtoHref } from '../../../../schema';
import { choiceLabel, labelOf } from '../../../../ui/candidate-profile/labels';
import { experienceSpan, moneyText, noticeText, yearsSpan } from '../../../../ui/candidate-profile/profileText';

type Rec = Record<string, unknown>;

function useNames(resource: string, ids: unknown[]): Map<string, string> {
  const wanted = [...new Set(ids.filter((id) => id !== null && id !== undefined))] as Identifier[];
  const { data } = useGetMany(resource, { ids: wanted }, { enabled: wanted.length > 0 });
  return new Map((data ?? []).map((r) => [String(r.id), String(r.name ?? r.email ?? r.id)]));
}

function Panel({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card variant="outlined" data-testid={testId}>
      <CardContent sx={{ '&:last-child': { pb: 2.5 } }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box sx={{ py: 0.75 }}>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {value === undefined || value === null || value === '' ? (
          <Box sx={{ color: 'text.secondary', fontStyle: 'italic' }}>{t('talent.view.notGiven')}</Box>
        ) : (
          value
        )}
      </Typography>
    </Box>
  );
}

const Empty = ({ text }: { text: string }) => (
  <Typography variant="body2" color="text.secondary">
    {text}
  </Typography>
);

function History({ record }: { record: Rec }) {
  const experiences = (record.experiences ?? []) as Rec[];
  const educations = (record.educations ?? []) as Rec[];
  const industries = useNames(
    'industries',
    experiences.map((e) => e.industryId),
  );
  const countries = useNames(
    'countries',
    experiences.map((e) => e.countryId),
  );
  return (
    <>
      <Panel title={t('talent.sections.experience.title')} testId="experience-panel">
        {experiences.length === 0 && <Empty text={t('talent.form.none.experience')} />}
        <Stack divider={<Divider flexItem />} spacing={2}>
          {experiences.map((e) => (
            <Box key={String(e.id)}>
              <Typography sx={{ fontWeight: 600 }}>{String(e.title)}</Typography>
              <Typography variant="body2">
                {[e.company, industries.get(String(e.industryId))].filter(Boolean).join(' · ')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {[experienceSpan(e), e.location, countries.get(String(e.countryId))].filter(Boolean).join(' · ')}
              </Typography>
              {e.description ? (
                <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
                  {String(e.description)}
                </Typography>
              ) : null}
            </Box>
          ))}
        </Stack>
      </Panel>
      <Panel title={t('talent.sections.education.title')}>
        {educations.length === 0 && <Empty text={t('talent.form.none.education')} />}
        <Stack divider={<Divider flexItem />} spacing={2}>
          {educations.map((e) => (
            <Box key={String(e.id)}>
              <Typography sx={{ fontWeight: 600 }}>{String(e.institute)}</Typography>
              <Typography variant="body2">{[e.degree, e.fieldOfStudy].filter(Boolean).join(', ')}</Typography>
              <Typography variant="body2" color="text.secondary">
                {yearsSpan(e)}
              </Typography>
            </Box>
          ))}
        </Stack>
      </Panel>
    </>
  );
}

function SearchDetails({ record }: { record: Rec }) {
  const preferred = (record.preferredLocations ?? []) as Rec[];
  const cities = useNames(
    'cities',
    preferred.map((p) => p.locationId),
  );
  const titles = useNames('job-titles', (record.jobTitleLookingFor ?? []) as unknown[]);
  const citizenship = useNames('citizenships', [record.citizenshipId]);
  const enumList = (field: string) =>
    ((record[field] ?? []) as number[]).map((id) => choiceLabel(field, id)).join(', ');
  const remote =
    record.workingRemotely === true
      ? t('talent.form.yes')
      : record.workingRemotely === false
        ? t('talent.form.no')
        : undefined;
  return (
    <Panel title={t('talent.sections.jobSearch.title')}>
      <Fact label={labelOf('jobTitleLookingFor')} value={[...titles.values()].join(', ')} />
      <Fact label={labelOf('typeOfEmployment')} value={enumList('typeOfEmployment')} />
      <Fact label={labelOf('candidateStatus')} value={enumList('candidateStatus')} />
      <Fact label={labelOf('expectedSalary')} value={moneyText(record.expectedSalary, record.expectedSalaryCurrency)} />
      <Fact label={labelOf('currentSalary')} value={moneyText(record.currentSalary, record.currentSalaryCurrency)} />
      <Fact label={labelOf('noticePeriod')} value={noticeText(record.noticePeriod)} />
      <Fact label={labelOf('workingRemotely')} value={remote} />
      <Fact label={labelOf('citizenshipId')} value={citizenship.get(String(record.citizenshipId))} />
      <Fact label={labelOf('visa')} value={record.visa as string} />
      <Fact
        label={t('talent.sections.location.preferred')}
        value={
          preferred.length ? (
            <Stack spacing={0.5}>
              {preferred.map((p) => (
                <span key={String(p.locationId)}>
                  {[
                    cities.get(String(p.locationId)),
                    choiceLabel('preferredLocations.visaType', p.visaType),
                    p.visaCategory,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              ))}
            </Stack>
          ) : undefined
        }
      />
    </Panel>
  );
}

function Skills({ record }: { record: Rec }) {
  const skills = [...((record.skills ?? []) as Rec[])].sort((a, b) => Number(b.isStar) - Number(a.isStar));
  const languages = (record.languages ?? []) as Rec[];
  const skillNames = useNames(
    'skills',
    skills.map((s) => s.skillId),
  );
  const languageNames = useNames(
    'languages',
    languages.map((l) => l.languageId),
  );
  return (
    <Panel title={t('talent.sections.skills.title')} testId="skills-panel">
      {skills.length === 0 && <Empty text={t('talent.form.noSkills')} />}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }}>
        {skills.map((s) => (
          <Chip
            key={String(s.skillId)}
            size="small"
            label={skillNames.get(String(s.skillId)) ?? '…'}
            icon={s.isStar ? <Star fontSize="small" /> : undefined}
            color={s.isStar ? 'primary' : 'default'}
            variant={s.isStar ? 'filled' : 'outlined'}
            data-starred={s.isStar ? 'true' : 'false'}
          />
        ))}
      </Stack>
      {languages.length > 0 && (
        <Box sx={{ mt: 2 }}>
          {languages.map((l) => (
            <Fact
              key={String(l.languageId)}
              label={languageNames.get(String(l.languageId)) ?? '…'}
              value={choiceLabel('languages.level', l.level)}
            />
          ))}
        </Box>
      )}
    </Panel>
  );
}

function Contact({ record }: { record: Rec }) {
  const links = ['linkedInUrl', 'githubUrl', 'stackoverflowUrl', 'dribbbleUrl', 'portfolioUrl'].filter(
    (k) => typeof record[k] === 'string' && record[k],
  );
  return (
    <Panel title={t('talent.sections.identity.title')}>
      <Fact
        label={labelOf('email')}
        value={<Link href={mailtoHref(String(record.email))}>{String(record.email)}</Link>}
      />
      <Fact
        label={labelOf('phone')}
        value={
          record.phone
            ? `${String(record.phone)}${record.phoneWhatsapp ? ` · ${t('talent.view.whatsapp')}` : ''}`
            : undefined
        }
      />
      {links.map((k) => (
        <Fact
          key={k}
          label={labelOf(k)}
          value={
            <Link href={String(record[k])} target="_blank" rel="noopener noreferrer">
              {String(record[k]).replace(/^https?:\/\/(www\.)?/, '')}
            </Link>
          }
        />
      ))}
    </Panel>
  );
}

function Internal({ record }: { record: Rec }) {
  const owner = useNames('admins', [record.ownerId]);
  const tags = useNames('tags', (record.tags ?? []) as unknown[]);
  const source = choiceLabel('source', record.source);
  return (
    <Panel title={t('talent.sections.internal.title')}>
      <Fact
        label={labelOf('source')}
        value={record.sourceOtherText ? `${source ?? ''}: ${String(record.sourceOtherText)}` : source}
      />
      <Fact label={labelOf('ownerId')} value={owner.get(String(record.ownerId))} />
      <Fact label={labelOf('tags')} value={[...tags.values()].join(', ')} />
      <Fact label={labelOf('reasonForLeaving')} value={record.reasonForLeaving as string} />
      <Fact label={labelOf('lookingFor')} value={record.lookingFor as string} />
      {record.isSpecialHkCandidate ? (
        <Fact
          label={t('talent.sections.hongKong.title')}
          value={[record.hkId, record.hkPassport, record.hkAddress, record.hkCity, record.hkZip]
            .filter(Boolean)
            .join(' · ')}
        />
      ) : null}
    </Panel>
  );
}

export function TalentProfileBody() {
  const record = useRecordContext() as Rec | undefined;
  if (!record) return null;
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1.7fr) minmax(300px, 1fr)' },
        gap: 3,
        alignItems: 'start',
      }}
    >
      <Stack spacing={3}>
        <Panel title={labelOf('summary')}>
          {record.summary ? (
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{String(record.summary)}</Typography>
          ) : (
            <Empty text={t('talent.view.noSummary')} />
          )}
        </Panel>
        <History record={record} />
      </Stack>
      <Stack spacing={3}>
        <SearchDetails record={record} />
        <Skills record={record} />
        <Contact record={record} />
        <Internal record={record} />
      </Stack>
    </Box>
  );
}
