/**
 * /search with the projects actions in the search page's slots: "Save as project" in the toolbar
 * (the add-project modal prefilled with the search's job title and locations, the search's query
 * stored as the project's filters), "Add to project" on each result (the open-projects list), and
 * for admins a WhatsApp qualify request to the result's candidate. When the search is a project's
 * saved search whose alerts the person receives, "N new since <day>" above the results and a "new"
 * badge on those candidates' cards (features/alerts).
 */
import BookmarkAddOutlined from '@mui/icons-material/BookmarkAddOutlined';
import PlaylistAddOutlined from '@mui/icons-material/PlaylistAddOutlined';
import WhatsApp from '@mui/icons-material/WhatsApp';
import { Button, IconButton, Tooltip, useMediaQuery, useTheme } from '@mui/material';
import { lazy, useCallback, useState } from 'react';
import { OnDemand } from '../../components/OnDemand';
import { t } from '../../../i18n';
import { apiList } from '../../../ui/api/client';
import type { SearchDoc } from '../../api/search';
import { useAuth } from '../../app/auth/authContext';
import { SearchPage } from '../search/SearchPage';
import type { SearchState } from '../search/searchUrl';
import type { Option, ProjectFormValues } from './projectForm';
import { allCountries, namesOf } from './projectLookups';
import { useOpenedOnce } from '../../components/openedOnce';
import { AlertNewBadge, AlertNewContext } from '../alerts/alertNew';
import { SearchAlertNews } from '../alerts/SearchAlertNews';

const NOTHING_NEW: ReadonlySet<string> = new Set();

// The dialogs' code (forms, autocompletes, the projects list) loads when one first opens, not with the results.
const QualifyDialog = lazy(async () => ({ default: (await import('../interviews/QualifyDialog')).QualifyDialog }));
const AddProjectDialog = lazy(async () => ({ default: (await import('./AddProjectDialog')).AddProjectDialog }));
const AddToProjectDialog = lazy(async () => ({ default: (await import('./AddToProjectDialog')).AddToProjectDialog }));

/** The search query a project keeps: everything but the page. */
export function filtersOf(query: URLSearchParams): string {
  const kept = new URLSearchParams(query);
  kept.delete('p');
  return kept.toString();
}

async function citiesOf(ids: string[]): Promise<{ name: string; countryId: string }[]> {
  if (!ids.length) return [];
  const { data } = await apiList<{ id: string | number; name: string; countryId: string | number }>('cities', {
    range: [0, ids.length - 1],
    filter: { id: ids },
  });
  return data.map((c) => ({ name: c.name, countryId: String(c.countryId) }));
}

/** The add-project form's start from a search: its first job title, the countries of its locations, a title from both. */
export async function prefillFromSearch(
  state: SearchState,
  query: URLSearchParams,
): Promise<Partial<ProjectFormValues>> {
  const [titles, cities, countries] = await Promise.all([
    namesOf('job-titles', state.multi.jt.slice(0, 1)).catch(() => [] as Option[]),
    citiesOf([...state.multi.l, ...state.multi.cl].slice(0, 30)).catch(() => []),
    allCountries().catch(() => [] as Option[]),
  ]);
  const countryIds = [...new Set(cities.map((c) => c.countryId))];
  const jobTitle = titles[0] ?? null;
  const where = cities.map((c) => c.name).slice(0, 2);
  const title = [jobTitle?.label ?? state.text.ts.trim(), where.length ? where.join(', ') : '']
    .filter(Boolean)
    .join(' – ');
  return {
    title: title.slice(0, 160),
    jobTitle,
    countries: countries.filter((c) => countryIds.includes(c.id)),
    filters: filtersOf(query),
  };
}

export function SearchWithProjects() {
  const [initial, setInitial] = useState<Partial<ProjectFormValues>>();
  const [preparing, setPreparing] = useState(false);
  const [candidate, setCandidate] = useState<{ id: string; name: string | null }>();
  // A new project started from one result holds that candidate.
  const [withCandidate, setWithCandidate] = useState<string>();
  const [qualifying, setQualifying] = useState<string>();
  const { viewer } = useAuth();
  // Curating a candidate into a new project is for admins (the issue: admins and advocates curate).
  const isAdmin = viewer?.role === 'admin';
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const addProjectUsed = useOpenedOnce(!!initial);
  const addToProjectUsed = useOpenedOnce(!!candidate);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(NOTHING_NEW);

  const save = async (state: SearchState, query: URLSearchParams) => {
    setWithCandidate(undefined);
    setPreparing(true);
    try {
      setInitial(await prefillFromSearch(state, query));
    } finally {
      setPreparing(false);
    }
  };

  // One function for the page's life (per screen size and role): the result cards are memoised on it.
  const resultActions = useCallback(
    (doc: SearchDoc) => {
      // A hidden or anonymous candidate's name carries the card's marker, so no label shows it unflagged.
      const name =
        doc.name && doc.adminAnonymous
          ? t('portal.projectsPortal.addToProject.hiddenName', { name: doc.name })
          : doc.name;
      const label = `${t('portal.projectsPortal.addToProject.button')}${name ? `: ${name}` : ''}`;
      const open = () => setCandidate({ id: doc.id, name });
      // The button says what it does; only the phone's icon needs its words in a tooltip. (A tooltip also
      // draws its child twice as it mounts: twenty of them held the page as its results came.)
      const add = phone ? (
        <Tooltip title={t('portal.projectsPortal.addToProject.button')}>
          <IconButton size="small" color="primary" onClick={open} aria-label={label} data-testid="add-to-project">
            <PlaylistAddOutlined />
          </IconButton>
        </Tooltip>
      ) : (
        <Button
          size="small"
          startIcon={<PlaylistAddOutlined />}
          onClick={open}
          aria-label={label}
          data-testid="add-to-project"
          sx={{ whiteSpace: 'nowrap' }}
        >
          {t('portal.projectsPortal.addToProject.button')}
        </Button>
      );
      if (!isAdmin)
        return (
          <>
            <AlertNewBadge id={doc.id} />
            {add}
          </>
        );
      return (
        <>
          <AlertNewBadge id={doc.id} />
          {add}
          <Tooltip title={t('portal.interviews.qualify.action')}>
            <IconButton
              size="small"
              color="success"
              onClick={() => setQualifying(doc.id)}
              aria-label={`${t('portal.interviews.qualify.action')}${name ? `: ${name}` : ''}`}
              data-testid="qualify-request"
            >
              <WhatsApp fontSize="small" />
            </IconButton>
          </Tooltip>
        </>
      );
    },
    [phone, isAdmin],
  );

  return (
    <AlertNewContext.Provider value={fresh}>
      <SearchPage
        toolbar={({ state, query }) => (
          <Tooltip title={t('portal.projectsPortal.saveSearch.hint')}>
            <span>
              <Button
                variant="outlined"
                startIcon={<BookmarkAddOutlined />}
                onClick={() => void save(state, query)}
                disabled={preparing}
                data-testid="save-as-project"
              >
                {t('portal.projectsPortal.saveSearch.button')}
              </Button>
            </span>
          </Tooltip>
        )}
        notice={({ query }) => <SearchAlertNews query={query} isAdmin={isAdmin} onFresh={setFresh} />}
        resultActions={resultActions}
      />
      <OnDemand fallback={null}>
        {qualifying && <QualifyDialog open candidateIds={[qualifying]} onClose={() => setQualifying(undefined)} />}
      </OnDemand>
      <OnDemand fallback={null}>
        {addProjectUsed && (
          <AddProjectDialog
            open={!!initial}
            initial={initial}
            candidateIds={withCandidate ? [withCandidate] : undefined}
            onClose={() => setInitial(undefined)}
          />
        )}
      </OnDemand>
      <OnDemand fallback={null}>
        {addToProjectUsed && (
          <AddToProjectDialog
            candidate={candidate}
            onClose={() => setCandidate(undefined)}
            onNewProject={
              isAdmin
                ? () => {
                    setWithCandidate(candidate?.id);
                    setCandidate(undefined);
                    setInitial({});
                  }
                : undefined
            }
          />
        )}
      </OnDemand>
    </AlertNewContext.Provider>
  );
}
