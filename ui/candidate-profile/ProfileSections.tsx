/**
 * Every section of the profile form in reading order, with a section index beside them on wide
 * screens. Used inside a react-hook-form form by the console (admin) and the candidate's page.
 * The sections are drawn one a task, in order, each once: committed together, the form's sixty-odd fields held the
 * browser for a quarter of a second on a phone.
 */
import { Box, Link, List, ListItem, Typography } from '@mui/material';
import { Fragment, useMemo, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { t } from '../../i18n';
import { useFirstScreenful } from '../components/useFirstScreenful';
import type { UploadCv } from './cvFiles';
import { DocumentsSection } from './DocumentsSection';
import { EducationSection, ExperienceSection } from './HistorySections';
import { HongKongSection } from './HongKongSection';
import { IdentitySection } from './IdentitySection';
import { JobSearchSection } from './JobSearchSection';
import { LocationSection } from './LocationSection';
import { SkillsSection } from './SkillsSection';
import { ProfileVoice, sectionText } from './voice';

interface Props {
  editor: 'admin' | 'candidate';
  upload: UploadCv;
  candidateId?: string;
  onDownloadCv?: () => void;
  /** Replaces the email input (the candidate changes theirs through a confirmation). */
  email?: ReactNode;
  /** Admin-only parts: inside the documents section, and a section of their own. */
  documentsExtra?: ReactNode;
  internal?: ReactNode;
}

const SECTION_IDS = [
  'identity',
  'location',
  'jobSearch',
  'skills',
  'experience',
  'education',
  'documents',
  'internal',
  'hongKong',
] as const;
const ANCHORS: Record<(typeof SECTION_IDS)[number], string> = {
  identity: 'identity',
  location: 'location',
  jobSearch: 'job-search',
  skills: 'skills',
  experience: 'experience',
  education: 'education',
  documents: 'documents',
  internal: 'internal',
  hongKong: 'hong-kong',
};

/**
 * Scrolls to a section and moves the keyboard there too: its heading takes the focus (held by script only,
 * tabindex -1), so the next Tab goes on inside the section rather than back to the index.
 */
function jumpTo(anchor: string) {
  const section = document.getElementById(anchor);
  if (!section) return;
  section.scrollIntoView({ behavior: 'smooth', block: 'start' });
  const heading = document.getElementById(`${anchor}-title`) ?? section;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}

function SectionIndex({ editor }: { editor: Props['editor'] }) {
  const flagged = useWatch({ name: 'isSpecialHkCandidate' }) === true;
  const shown = SECTION_IDS.filter(
    (id) => (id !== 'internal' || editor === 'admin') && (id !== 'hongKong' || editor === 'admin' || flagged),
  );
  return (
    <Box
      component="nav"
      aria-label={t('talent.form.jumpTo')}
      sx={{ position: 'sticky', top: 88, display: { xs: 'none', lg: 'block' } }}
    >
      <Typography variant="overline" color="text.secondary" sx={{ fontWeight: 600, px: 1.5 }}>
        {t('talent.form.jumpTo')}
      </Typography>
      <List dense disablePadding>
        {shown.map((id) => (
          <ListItem key={id} disablePadding>
            <Link
              href={`#${ANCHORS[id]}`}
              underline="none"
              color="text.secondary"
              onClick={(e) => {
                e.preventDefault();
                jumpTo(ANCHORS[id]);
              }}
              sx={{
                display: 'block',
                width: '100%',
                px: 1.5,
                py: 0.75,
                borderRadius: 1,
                fontSize: 14,
                '&:hover': { bgcolor: 'action.hover', color: 'text.primary' },
              }}
            >
              {sectionText(editor, id, 'title', t(`talent.sections.${id}.title`))}
            </Link>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

export function ProfileSections({ editor, upload, candidateId, onDownloadCv, email, documentsExtra, internal }: Props) {
  // The same elements from one step to the next, so the sections drawn already are not drawn again.
  const sections = useMemo(
    () =>
      [
        <IdentitySection key="identity" email={email} />,
        <LocationSection key="location" />,
        <JobSearchSection key="jobSearch" />,
        <SkillsSection key="skills" />,
        <ExperienceSection key="experience" />,
        <EducationSection key="education" />,
        <DocumentsSection key="documents" upload={upload} candidateId={candidateId} onDownloadCv={onDownloadCv}>
          {documentsExtra}
        </DocumentsSection>,
        internal ? <Fragment key="internal">{internal}</Fragment> : null,
        <HongKongSection key="hongKong" canFlag={editor === 'admin'} />,
      ].filter((section) => section !== null),
    [email, upload, candidateId, onDownloadCv, documentsExtra, internal, editor],
  );
  const shown = useFirstScreenful(sections.length, 1);
  return (
    <ProfileVoice.Provider value={editor}>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: '200px minmax(0, 1fr)' },
          gap: 3,
          alignItems: 'start',
        }}
      >
        <SectionIndex editor={editor} />
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>{sections.slice(0, shown)}</Box>
      </Box>
    </ProfileVoice.Provider>
  );
}
