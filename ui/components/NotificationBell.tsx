/**
 * The notification bell of the portal and the console: the unread count ("99+" past 99), loaded on
 * start and kept current by the live channel, and the inbox in a popover (GitHub's model: Unread,
 * All and Archived; a thread opens its subject and is then read; mark one or all read; archive, and move an archived
 * one back to the inbox). A mark or a move that fails says so above the list (role="alert") and changes nothing. The inbox
 * shows 25 threads a page, latest first; "Load more" asks for the next page alone and adds it, while the total holds
 * more, and a refresh (a live event, a thread read or archived) reloads the pages shown in one call, so the list keeps
 * its length. "Mark all as read" reads only the threads updated by the newest one shown (`upTo`): one raised again
 * after the list was drawn stays unread.
 */
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import DoneOutlined from '@mui/icons-material/DoneOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import UnarchiveOutlined from '@mui/icons-material/UnarchiveOutlined';
import {
  Alert,
  Badge,
  Box,
  Button,
  CircularProgress,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Popover,
  Tab,
  Tabs,
  Tooltip,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { t } from '../../i18n';
import { api } from '../api/client';
import { startEarly, takeOpening } from '../api/openingFetch';
import { useLive } from '../live/useLive';
import { formatDateTime } from '../../schema/rules/dates';

export interface NotificationThread {
  id: number;
  kind: string;
  title: string;
  link: string;
  unread: boolean;
  archived: boolean;
  updatedAt: string;
}

type Filter = 'unread' | 'all' | 'archived';
interface Page {
  data: NotificationThread[];
  total: number;
  unreadCount: number;
}

/** The bell's number: the count itself up to 99, then "99+". */
export const bellCount = (n: number) => (n > 99 ? '99+' : String(n));

const UNREAD = 'notifications/unread-count';
const unreadCount = (signal?: AbortSignal) => api<{ unreadCount: number }>(UNREAD, { signal });

/**
 * Asks for the unread count as soon as the app knows the session has a bell, beside the page's own first calls
 * rather than after the page is drawn; the bell's first load takes that answer.
 */
export const prefetchUnreadCount = () => startEarly(UNREAD, () => unreadCount());

/** Threads a page of the inbox shows, and the most one call may ask for (the server's, notifications/endpoints.ts). */
const PAGE_SIZE = 25;
const MAX_LIMIT = 500;

/** Threads in order, a thread met twice (as pages shift) once. */
const distinct = (threads: NotificationThread[]) => [...new Map(threads.map((n) => [n.id, n])).values()];

/**
 * The first `pages` pages of the inbox under `filter`, as one page: one call (more only past MAX_LIMIT threads).
 */
async function loadPages(filter: Filter, pages: number, signal: AbortSignal): Promise<Page> {
  const wanted = pages * PAGE_SIZE;
  const limit = Math.min(wanted, MAX_LIMIT);
  const all = await Promise.all(
    Array.from({ length: Math.ceil(wanted / limit) }, (_, i) =>
      api<Page>('notifications', { query: { filter, page: i + 1, limit }, signal }),
    ),
  );
  const last = all[all.length - 1];
  const data = distinct(all.flatMap((p) => p.data)).slice(0, wanted);
  return { data, total: last.total, unreadCount: last.unreadCount };
}

/** The newest update time among the threads shown: what "Mark all as read" reads up to. */
const newestOf = (threads: NotificationThread[]) =>
  threads.reduce<string | undefined>(
    (a, n) => (!a || Date.parse(n.updatedAt) > Date.parse(a) ? n.updatedAt : a),
    undefined,
  );

export function NotificationBell({ color = 'inherit' }: { color?: 'inherit' | 'default' }) {
  const [count, setCount] = useState(0);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [filter, setFilter] = useState<Filter>('unread');
  const [page, setPage] = useState<Page>();
  // How many pages of the inbox are shown; back to one when the tab changes. A ref: adding a page reloads nothing.
  const pages = useRef(1);
  // Which reload of the list is the latest: a page asked for before a reload began is not added after it.
  const generation = useRef(0);
  const [failed, setFailed] = useState(false);
  // A mark or a move the server refused (or never answered): said above the list until the next one succeeds.
  const [actionFailed, setActionFailed] = useState(false);
  const [version, setVersion] = useState(0);

  const refresh = useCallback(() => setVersion((v) => v + 1), []);
  useLive((e) => e.topic === 'notification', refresh);

  useEffect(() => {
    const controller = new AbortController();
    (takeOpening<{ unreadCount: number }>(UNREAD) ?? unreadCount(controller.signal))
      .then((r) => !controller.signal.aborted && setCount(r.unreadCount))
      .catch(() => undefined);
    return () => controller.abort();
  }, [version]);

  useEffect(() => {
    if (!anchor) return undefined;
    const controller = new AbortController();
    generation.current += 1;
    loadPages(filter, pages.current, controller.signal)
      .then((r) => {
        setPage(r);
        setCount(r.unreadCount);
        setFailed(false);
      })
      .catch(() => !controller.signal.aborted && setFailed(true));
    return () => controller.abort();
  }, [anchor, filter, version]);

  /** "Load more": the next page alone, added to those shown. */
  const loadMore = () => {
    const asked = generation.current;
    api<Page>('notifications', { query: { filter, page: pages.current + 1 } }).then(
      (r) => {
        if (generation.current !== asked) return;
        pages.current += 1;
        setPage((shown) => ({ ...r, data: distinct([...(shown?.data ?? []), ...r.data]) }));
        setCount(r.unreadCount);
      },
      () => generation.current === asked && setFailed(true),
    );
  };
  const newest = page && newestOf(page.data);

  const change = async (path: string, body: Record<string, unknown> = {}) => {
    const r = await api<{ unreadCount: number }>(path, { method: 'POST', body });
    setCount(r.unreadCount);
    refresh();
  };
  /** A button's change: a failure is said, not thrown away. */
  const act = (path: string, body?: Record<string, unknown>) => {
    change(path, body).then(
      () => setActionFailed(false),
      () => setActionFailed(true),
    );
  };
  const open = async (n: NotificationThread) => {
    if (n.unread) await change(`notifications/${n.id}/read`).catch(() => undefined);
    window.location.assign(n.link);
  };

  const label = t('notifications.inbox.bell', { count });
  return (
    <>
      <Tooltip title={t('notifications.inbox.title')}>
        <IconButton
          color={color}
          aria-label={label}
          onClick={(e) => setAnchor(e.currentTarget)}
          data-testid="notification-bell"
        >
          <Badge badgeContent={count > 0 ? bellCount(count) : undefined} color="error" data-testid="notification-count">
            <NotificationsOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 400, maxWidth: '95vw' } } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, pt: 1.5 }}>
          <Typography variant="subtitle1" component="h2" sx={{ flex: 1, fontWeight: 700 }}>
            {t('notifications.inbox.title')}
          </Typography>
          <Button
            size="small"
            onClick={() => act('notifications/read-all', { upTo: newest })}
            disabled={count === 0 || !newest}
          >
            {t('notifications.inbox.markAllRead')}
          </Button>
        </Box>
        <Tabs
          value={filter}
          onChange={(_, v: Filter) => {
            pages.current = 1;
            setFilter(v);
          }}
          variant="fullWidth"
        >
          <Tab value="unread" label={t('notifications.inbox.unread')} />
          <Tab value="all" label={t('notifications.inbox.all')} />
          <Tab value="archived" label={t('notifications.inbox.archived')} />
        </Tabs>
        {actionFailed && (
          <Alert severity="error" sx={{ mx: 2, mt: 1 }} onClose={() => setActionFailed(false)}>
            {t('notifications.inbox.actionError')}
          </Alert>
        )}
        {failed ? (
          <Typography sx={{ p: 2 }} color="error">
            {t('notifications.inbox.loadError')}
          </Typography>
        ) : !page ? (
          <Box sx={{ p: 3, textAlign: 'center' }}>
            <CircularProgress size={24} aria-label={t('notifications.inbox.loading')} />
          </Box>
        ) : page.data.length === 0 ? (
          <Typography sx={{ p: 2 }} color="text.secondary">
            {t(filter === 'archived' ? 'notifications.inbox.emptyArchived' : 'notifications.inbox.empty')}
          </Typography>
        ) : (
          <List dense sx={{ maxHeight: 420, overflow: 'auto' }} aria-label={t('notifications.inbox.title')}>
            {page.data.map((n) => (
              <ListItem
                key={n.id}
                disablePadding
                secondaryAction={
                  <Box sx={{ display: 'flex' }}>
                    {n.unread && (
                      <Tooltip title={t('notifications.inbox.markRead')}>
                        <IconButton
                          size="small"
                          aria-label={t('notifications.inbox.markRead')}
                          onClick={() => act(`notifications/${n.id}/read`)}
                        >
                          <DoneOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                    {!n.archived && (
                      <Tooltip title={t('notifications.inbox.archive')}>
                        <IconButton
                          size="small"
                          aria-label={t('notifications.inbox.archive')}
                          onClick={() => act(`notifications/${n.id}/archive`)}
                        >
                          <ArchiveOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                    {n.archived && (
                      <Tooltip title={t('notifications.inbox.unarchive')}>
                        <IconButton
                          size="small"
                          aria-label={t('notifications.inbox.unarchive')}
                          onClick={() => act(`notifications/${n.id}/archive`, { archived: false })}
                        >
                          <UnarchiveOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                  </Box>
                }
              >
                <ListItemButton onClick={() => void open(n)} sx={{ pr: 10 }}>
                  <ListItemText
                    primary={n.title}
                    secondary={formatDateTime(n.updatedAt)}
                    slotProps={{ primary: { sx: { fontWeight: n.unread ? 700 : 400 } } }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
            {page.data.length < page.total && (
              <ListItem sx={{ justifyContent: 'center' }}>
                <Button size="small" onClick={loadMore} data-testid="notifications-load-more">
                  {t('notifications.inbox.loadMore')}
                </Button>
              </ListItem>
            )}
          </List>
        )}
      </Popover>
    </>
  );
}
