/**
 * Where an AI match starts from: a pasted job description, a PDF or Word file (read on the server
 * with the CV reader's limits), or a project's own job description chosen in a searchable picker.
 * The years-of-experience range (0 to 80) goes with each as a filter. Projects are named by their
 * company and title (projectLabel); a failed lookup of projects, or of the project the page was
 * opened with, says so with a Retry rather than reading as "No project found". Without a language
 * model configured (`noModel`) the form says first that the product's matcher will judge. A typed description shorter
 * than JOB_DESCRIPTION_MIN is refused at its field before it is sent; the server's refusals (`errors`) are said at the
 * source chosen.
 */
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { Alert, Autocomplete, Box, Button, Slider, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { t } from '../../../i18n';
import { JOB_DESCRIPTION_MIN } from '../../../schema/rules/aiMatch';
import type { MatchInput } from '../../api/aiMatch';
import { projectsApi } from '../../api/projects';
import { projectLabel } from '../projects/AddToProjectDialog';

const P = 'portal.aiMatchPage';
type Source = 'text' | 'file' | 'project';
interface ProjectOption {
  id: string;
  title: string;
  companyName: string | null;
  hasJd: boolean;
}

interface Props {
  busy: boolean;
  /** A project to start from (the project page's link), chosen on arrival. */
  initialProject?: string | null;
  /** No language model is configured: the product's matcher judges every run. */
  noModel?: boolean;
  /** The server's refusals by field (jobDescription, file, projectId), already in words. */
  errors?: Record<string, string>;
  onStart(input: MatchInput, years: [number, number]): void;
}

/** A project has a job description as text or as a file whose text was read. */
const optionOf = (p: {
  id: string;
  title: string;
  company?: { companyName: string } | null;
  jobDescription?: string | null;
  jdFileName?: string | null;
}): ProjectOption => ({
  id: p.id,
  title: p.title,
  companyName: p.company?.companyName ?? null,
  hasJd: Boolean(p.jobDescription?.trim() || p.jdFileName),
});

/** The projects whose title holds `q`, newest first; each says whether it has a job description. */
function useProjectOptions(q: string, active: boolean) {
  const [options, setOptions] = useState<ProjectOption[]>([]);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      projectsApi
        .list(
          { view: 'all', q: q || undefined, page: 1, perPage: 20, sortBy: 'createdAt', sortDir: 'desc' },
          controller.signal,
        )
        .then((res) => {
          setOptions(res.data.map(optionOf));
          setFailed(false);
        })
        .catch(() => {
          if (controller.signal.aborted) return;
          setOptions([]);
          setFailed(true);
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q, active, attempt]);
  return { options, loading, failed, retry: () => setAttempt((n) => n + 1) };
}

/** The project the page was opened with (?project=), read once; a failed read can be tried again. */
function useInitialProject(initialProject: string | null | undefined, choose: (p: ProjectOption) => void) {
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!initialProject) return;
    const controller = new AbortController();
    setFailed(false);
    projectsApi
      .find(initialProject, controller.signal)
      .then((p) => choose(optionOf(p as Parameters<typeof optionOf>[0])))
      .catch(() => !controller.signal.aborted && setFailed(true));
    return () => controller.abort();
    // `choose` is the form's state setter: only the project named, or a retry, reads again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initialProject, attempt]);
  return { failed, retry: () => setAttempt((n) => n + 1) };
}

/** A lookup that failed, with a Retry. */
const LookupError = ({ onRetry }: { onRetry(): void }) => (
  <Alert
    severity="error"
    sx={{ maxWidth: 480 }}
    action={
      <Button color="inherit" size="small" onClick={onRetry}>
        {t(`${P}.retry`)}
      </Button>
    }
  >
    {t(`${P}.projectsError`)}
  </Alert>
);

export function MatchStartForm({ busy, initialProject, noModel, errors = {}, onStart }: Props) {
  const [source, setSource] = useState<Source>(initialProject ? 'project' : 'text');
  const [jd, setJd] = useState('');
  // Checked here as the server checks it: too short a description is said at the field before it is sent.
  const [tooShort, setTooShort] = useState(false);
  // The text the server read (typed, from the file or the project's) was refused: said at the source chosen.
  const refused = errors.jobDescription ?? errors[source === 'file' ? 'file' : 'projectId'];
  const [file, setFile] = useState<File | null>(null);
  const [project, setProject] = useState<ProjectOption | null>(null);
  const [q, setQ] = useState('');
  const [years, setYears] = useState<[number, number]>([0, 80]);
  const lookup = useProjectOptions(q, source === 'project');
  // The project page's link names its project: chosen on arrival.
  const initial = useInitialProject(initialProject, setProject);

  const input: MatchInput | null =
    source === 'text'
      ? jd.trim()
        ? { jobDescription: jd }
        : null
      : source === 'file'
        ? file
          ? { file }
          : null
        : project?.hasJd
          ? { projectId: project.id }
          : null;

  return (
    <Stack
      spacing={2}
      component="form"
      aria-label={t(`${P}.startForm`)}
      onSubmit={(e) => {
        e.preventDefault();
        if (source === 'text' && jd.trim().length < JOB_DESCRIPTION_MIN) setTooShort(true);
        else if (input) onStart(input, years);
      }}
    >
      {noModel && (
        <Alert severity="info" data-testid="ai-match-no-model">
          {t(`${P}.noModel`)}
        </Alert>
      )}
      {/* Scrollable: on a phone the three sources are wider than the screen. */}
      <Tabs
        value={source}
        onChange={(_, v: Source) => setSource(v)}
        aria-label={t(`${P}.source`)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
      >
        <Tab value="text" label={t(`${P}.sources.text`)} />
        <Tab value="file" label={t(`${P}.sources.file`)} />
        <Tab value="project" label={t(`${P}.sources.project`)} />
      </Tabs>
      {source === 'text' && (
        <TextField
          label={t(`${P}.jobDescription`)}
          multiline
          minRows={6}
          value={jd}
          onChange={(e) => {
            setJd(e.target.value);
            setTooShort(false);
          }}
          error={tooShort || !!errors.jobDescription}
          helperText={
            tooShort
              ? t('jobDescription.errors.tooShort')
              : (errors.jobDescription ?? t(`${P}.jobDescriptionHint`, { min: JOB_DESCRIPTION_MIN }))
          }
          required
        />
      )}
      {source === 'file' && (
        <Stack direction="row" spacing={2} alignItems="center">
          <Button component="label" variant="outlined" startIcon={<UploadFileOutlined />}>
            {t(`${P}.chooseFile`)}
            <input
              hidden
              type="file"
              accept=".pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
              data-testid="ai-match-file"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </Button>
          <Typography color={file ? 'text.primary' : 'text.secondary'}>
            {file ? file.name : t(`${P}.fileHelp`)}
          </Typography>
        </Stack>
      )}
      {source === 'file' && refused && (
        <Typography color="error" variant="body2" role="alert" data-testid="ai-match-file-error">
          {refused}
        </Typography>
      )}
      {source === 'project' && (lookup.failed || initial.failed) && (
        <LookupError
          onRetry={() => {
            if (lookup.failed) lookup.retry();
            if (initial.failed) initial.retry();
          }}
        />
      )}
      {source === 'project' && (
        <Autocomplete
          sx={{ maxWidth: 480 }}
          options={lookup.options}
          loading={lookup.loading}
          value={project}
          onChange={(_, v) => setProject(v)}
          onInputChange={(_, v, reason) => reason === 'input' && setQ(v)}
          filterOptions={(o) => o}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          getOptionLabel={projectLabel}
          getOptionDisabled={(o) => !o.hasJd}
          renderOption={({ key, ...props }, o) => (
            <li key={key} {...props}>
              {o.hasJd ? projectLabel(o) : t(`${P}.projectNoJd`, { project: projectLabel(o) })}
            </li>
          )}
          noOptionsText={lookup.failed ? t(`${P}.projectsError`) : t(`${P}.noProjects`)}
          loadingText={t(`${P}.loading`)}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t(`${P}.project`)}
              error={!!refused}
              helperText={refused ?? t(`${P}.projectHelp`)}
            />
          )}
        />
      )}
      <Box sx={{ maxWidth: 400 }}>
        <Typography id="ai-years">{t(`${P}.experience`, { from: years[0], to: years[1] })}</Typography>
        {/* The thumbs' touch targets reach 21 px past the slider's ends: the padding keeps them on a phone's screen. */}
        <Box sx={{ px: 1.5 }}>
          <Slider
            aria-labelledby="ai-years"
            min={0}
            max={80}
            step={1}
            value={years}
            onChange={(_, v) => setYears(v as [number, number])}
          />
        </Box>
      </Box>
      <Box>
        <Button type="submit" variant="contained" startIcon={<AutoAwesomeOutlined />} disabled={busy || !input}>
          {t(`${P}.read`)}
        </Button>
      </Box>
    </Stack>
  );
}
