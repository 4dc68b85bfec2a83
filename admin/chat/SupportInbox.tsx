/**
 * The admins' support-chat inbox (spec section 2): conversations latest first with their unread
 * counts, assignee and status, filtered by status, assignee and a search, kept current by the live
 * channel. Each conversation opens in a window of its own named by the conversation, so a second
 * click focuses the window already open instead of opening another. Each load cancels the one still
 * on its way, so the list is always the latest filter's; a failed one says so with a way to try again.
 */
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Chip,
  CircularProgress,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  MenuItem,
  Pagination,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Title } from 'react-admin';
import { t } from '../../i18n';
import { conversationWindowName, conversationWindowPath, loadInbox, type InboxPage } from '../../ui/chat/chatApi';
import { useLive } from '../../ui/live/useLive';
import { formatDateTime } from '../../schema/rules/dates';

type Status = 'open' | 'resolved' | 'all';
type Assignee = 'all' | 'me' | 'none';

/** Opens (or focuses) the conversation's own window. */
export function openConversation(id: number): void {
  const win = window.open(conversationWindowPath(id), conversationWindowName(id));
  win?.focus();
}

export function SupportInbox() {
  const [status, setStatus] = useState<Status>('open');
  const [assignee, setAssignee] = useState<Assignee>('all');
  const [q, setQ] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [inbox, setInbox] = useState<InboxPage>();
  const [failed, setFailed] = useState(false);

  // The search is asked for once typing pauses.
  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(q.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [q]);

  // One answer counts, the latest asked for: a load cancels the one before it, so an earlier filter's late answer
  // never replaces a later filter's.
  const asking = useRef<AbortController>(undefined);
  const load = useCallback(async () => {
    asking.current?.abort();
    const controller = new AbortController();
    asking.current = controller;
    try {
      const answer = await loadInbox({ status, assignee, q: query || undefined, page }, controller.signal);
      if (controller.signal.aborted) return;
      setInbox(answer);
      setFailed(false);
    } catch {
      if (!controller.signal.aborted) setFailed(true);
    }
  }, [status, assignee, query, page]);
  useEffect(() => void load(), [load]);
  useEffect(() => () => asking.current?.abort(), []);
  useLive(
    (e) => e.topic === 'conversation' && !e.kind.startsWith('typing:'),
    () => void load(),
  );

  return (
    <Box sx={{ p: { xs: 1, md: 2 } }}>
      <Title title={t('chat.inbox.title')} />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'center' } }}>
        <TextField
          size="small"
          label={t('chat.inbox.search')}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 200 } }}
          sx={{ minWidth: 260 }}
        />
        <ToggleButtonGroup
          size="small"
          exclusive
          value={status}
          onChange={(_, v: Status | null) => {
            if (v) {
              setStatus(v);
              setPage(1);
            }
          }}
          aria-label={t('chat.inbox.statusLabel')}
        >
          {(['open', 'resolved', 'all'] as const).map((s) => (
            <ToggleButton key={s} value={s}>
              {t(`chat.inbox.status.${s}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <TextField
          select
          size="small"
          label={t('chat.inbox.assigneeLabel')}
          value={assignee}
          onChange={(e) => {
            setAssignee(e.target.value as Assignee);
            setPage(1);
          }}
          sx={{ minWidth: 160 }}
        >
          {(['all', 'me', 'none'] as const).map((a) => (
            <MenuItem key={a} value={a}>
              {t(`chat.inbox.assignee.${a}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Card>
        {failed && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void load()}>
                {t('chat.inbox.retry')}
              </Button>
            }
          >
            {t('chat.inbox.loadError')}
          </Alert>
        )}
        {!inbox && !failed && (
          <CircularProgress aria-label={t('chat.inbox.title')} sx={{ display: 'block', mx: 'auto', my: 4 }} />
        )}
        {inbox && inbox.data.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            {t('chat.inbox.empty')}
          </Typography>
        )}
        {inbox && inbox.data.length > 0 && (
          <List disablePadding data-testid="chat-inbox">
            {inbox.data.map((c) => (
              <ListItem
                key={c.id}
                disablePadding
                divider
                data-testid="chat-inbox-row"
                data-conversation={c.id}
                data-unread={c.unread}
              >
                <ListItemButton
                  onClick={() => openConversation(c.id)}
                  aria-label={t('chat.inbox.openWindow', { company: c.company.name, project: c.project.title })}
                >
                  <Badge
                    badgeContent={c.unread}
                    color="error"
                    max={99}
                    sx={{ mr: 2 }}
                    aria-label={t('chat.inbox.unread', { count: c.unread })}
                  >
                    <OpenInNewOutlined fontSize="small" />
                  </Badge>
                  <ListItemText
                    primary={
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <Typography component="span" sx={{ fontWeight: c.unread ? 700 : 400 }}>
                          {c.company.name} · {c.project.title}
                        </Typography>
                        <Chip
                          size="small"
                          label={t(`chat.inbox.status.${c.status}`)}
                          color={c.status === 'open' ? 'primary' : 'default'}
                          variant="outlined"
                        />
                      </Stack>
                    }
                    secondary={
                      <>
                        {c.lastMessage ? `${c.lastMessage.authorName}: ${c.lastMessage.text}` : ''}
                        {' · '}
                        {c.assignee ? c.assignee.name : t('chat.inbox.unassigned')}
                      </>
                    }
                  />
                  {c.lastMessage && (
                    <Typography variant="caption" color="text.secondary" sx={{ ml: 2, whiteSpace: 'nowrap' }}>
                      {formatDateTime(c.lastMessage.at)}
                    </Typography>
                  )}
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </Card>
      {inbox && inbox.total > inbox.pageSize && (
        <Pagination
          sx={{ mt: 2 }}
          count={Math.ceil(inbox.total / inbox.pageSize)}
          page={page}
          onChange={(_, p) => setPage(p)}
        />
      )}
    </Box>
  );
}
