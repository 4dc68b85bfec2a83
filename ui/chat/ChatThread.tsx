/**
 * A conversation's messages and its composer, as both sides see them: messages in order (mine on
 * the right), files to download, the other side's "Seen" under my last message it has read, and
 * its typing. Enter sends, Shift+Enter starts a new line; a PDF or DOCX file may go with the text.
 * The thread keeps to its newest message only while the reader is at (or near) the bottom: a reader
 * who scrolled up to read older messages stays where they are, and a "New messages" button below
 * takes them down. A failed load or older page says so with a Retry.
 *
 * Each composed message has an id of its own (chatApi's newClientId), sent again when the same text (and file) is
 * sent again: a send whose answer was lost after the server stored it is not stored twice. When the message comes
 * back by the live channel with that id, it was sent: the composer clears, and the failed send's error goes.
 */
import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  IconButton,
  Link,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { t } from '../../i18n';
import { ApiError } from '../api/client';
import { RemovableChip } from '../components/RemovableChip';
import { newClientId } from './chatApi';
import type { useConversation } from './useConversation';
import { formatDateTime } from '../../schema/rules/dates';

type Chat = ReturnType<typeof useConversation>;

const time = (iso: string) => formatDateTime(iso) ?? '';
/** How close to the bottom (in pixels) the reader counts as reading the newest messages. */
const NEAR_BOTTOM = 48;

const RetryButton = ({ onClick }: { onClick: () => void }) => (
  <Button color="inherit" size="small" onClick={onClick}>
    {t('chat.widget.retry')}
  </Button>
);

export function ChatThread({
  chat,
  emptyText,
  height = 360,
}: {
  chat: Chat;
  emptyText: string;
  height?: number | string;
}) {
  const [text, setText] = useState('');
  const [file, setFile] = useState<File>();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string>();
  const [newBelow, setNewBelow] = useState(false);
  const [shownKey, setShownKey] = useState(chat.key);
  if (shownKey !== chat.key) {
    // Another conversation: the last one's draft, error and marker stay behind.
    setShownKey(chat.key);
    setText('');
    setFile(undefined);
    setError(undefined);
    setNewBelow(false);
  }
  const list = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const shown = useRef<{ key: string; lastId?: number }>({ key: chat.key });
  /** The message being sent, or whose send failed: its words, file and id, the id sent again with the same words. */
  const composed = useRef<{ text: string; file?: File; id: string }>(undefined);
  const shownMessages = useRef(chat.messages);
  shownMessages.current = chat.messages;
  const delivered = (id: string) => shownMessages.current.some((m) => m.mine && m.clientId === id);
  const fileInput = useRef<HTMLInputElement>(null);
  const attachButton = useRef<HTMLButtonElement>(null);
  const last = chat.messages.at(-1);
  const lastId = last?.id;
  const lastSeenMine = [...chat.messages].reverse().find((m) => m.mine && m.id <= chat.otherSideReadId)?.id;

  const toBottom = () => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
    atBottom.current = true;
    setNewBelow(false);
  };
  const onScroll = () => {
    const el = list.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight <= NEAR_BOTTOM;
    if (atBottom.current) setNewBelow(false);
  };
  useLayoutEffect(() => {
    if (shown.current.key !== chat.key) atBottom.current = true;
    const arrived = lastId !== undefined && lastId !== shown.current.lastId;
    shown.current = { key: chat.key, lastId };
    // The reader's own message, or a reader at the bottom: follow. A reader further up: a marker instead.
    if (atBottom.current || (arrived && last?.mine)) toBottom();
    else if (arrived) setNewBelow(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lastId, chat.typing, chat.key]);

  // The composed message came back (by the live channel, after a lost answer): it was sent. Words typed since stay.
  const sent = (id: string) => {
    if (composed.current?.id !== id) return;
    const { text: words, file: attached } = composed.current;
    composed.current = undefined;
    setText((now) => (now.trim() === words ? '' : now));
    setFile((now) => (now === attached ? undefined : now));
    if (fileInput.current) fileInput.current.value = '';
    setError(undefined);
  };
  useEffect(() => {
    if (composed.current && delivered(composed.current.id)) sent(composed.current.id);
  }, [chat.messages]);

  const submit = async () => {
    if (sending || (!text.trim() && !file)) return;
    const words = text.trim();
    const again = composed.current && composed.current.text === words && composed.current.file === file;
    const id = again && composed.current ? composed.current.id : newClientId();
    composed.current = { text: words, file, id };
    setSending(true);
    setError(undefined);
    try {
      await chat.send(words, file, id);
      sent(id);
    } catch (err) {
      if (delivered(id)) return sent(id);
      const fields = err instanceof ApiError ? Object.values(err.fields) : [];
      setError(t(fields[0] ?? (err instanceof ApiError ? err.code : 'chat.widget.sendError')));
    } finally {
      setSending(false);
    }
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      void submit();
    }
  };

  return (
    <Stack sx={{ minHeight: 0, flex: 1 }}>
      <Box sx={{ position: 'relative', display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
        <Box
          ref={list}
          role="log"
          aria-live="polite"
          aria-label={t('chat.inbox.title')}
          onScroll={onScroll}
          sx={{ overflowY: 'auto', flex: 1, height, px: 1.5, py: 1 }}
        >
          {chat.loading && (
            <CircularProgress
              size={24}
              aria-label={t('chat.widget.open')}
              sx={{ display: 'block', mx: 'auto', my: 2 }}
            />
          )}
          {chat.failed && (
            <Alert severity="error" action={<RetryButton onClick={() => void chat.reload()} />}>
              {t('chat.widget.loadError')}
            </Alert>
          )}
          {!chat.loading && !chat.failed && chat.messages.length === 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', my: 3 }}>
              {emptyText}
            </Typography>
          )}
          {chat.olderFailed && (
            <Alert severity="error" action={<RetryButton onClick={() => void chat.loadOlder()} />}>
              {t('chat.widget.olderError')}
            </Alert>
          )}
          {chat.more && !chat.olderFailed && (
            <Button size="small" onClick={() => void chat.loadOlder()} sx={{ display: 'block', mx: 'auto' }}>
              {t('chat.widget.older')}
            </Button>
          )}
          {chat.messages.map((m) => (
            <Box
              key={m.id}
              data-testid="chat-message"
              data-mine={m.mine}
              sx={{
                display: 'flex',
                flexDirection: 'column',
                alignItems: m.mine ? 'flex-end' : 'flex-start',
                my: 0.75,
              }}
            >
              <Typography variant="caption" color="text.secondary">
                {m.authorName} · {time(m.createdAt)}
              </Typography>
              <Box
                sx={{
                  bgcolor: m.mine ? 'primary.main' : 'action.hover',
                  color: m.mine ? 'primary.contrastText' : 'text.primary',
                  borderRadius: 2,
                  px: 1.5,
                  py: 0.75,
                  maxWidth: '85%',
                }}
              >
                {m.body && (
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {m.body}
                  </Typography>
                )}
                {m.attachment && (
                  <Link
                    href={m.attachment.url}
                    color="inherit"
                    download
                    sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
                  >
                    <AttachFileOutlined fontSize="small" />
                    {m.attachment.name}
                  </Link>
                )}
              </Box>
              {m.id === lastSeenMine && (
                <Typography variant="caption" color="text.secondary" data-testid="chat-seen">
                  {t('chat.widget.seen')}
                </Typography>
              )}
            </Box>
          ))}
          {chat.typing && (
            <Typography variant="caption" color="text.secondary" data-testid="chat-typing">
              {t('chat.widget.otherTyping')}
            </Typography>
          )}
        </Box>
        {newBelow && (
          <Button
            variant="contained"
            size="small"
            startIcon={<ArrowDownwardOutlined />}
            onClick={toBottom}
            sx={{ position: 'absolute', bottom: 8, left: '50%', transform: 'translateX(-50%)', borderRadius: 4 }}
          >
            {t('chat.widget.newMessages')}
          </Button>
        )}
      </Box>
      {error && (
        <Alert severity="error" onClose={() => setError(undefined)} sx={{ mx: 1 }}>
          {error}
        </Alert>
      )}
      {file && (
        <RemovableChip
          icon={<AttachFileOutlined />}
          label={file.name}
          removeLabel={t('chat.widget.removeAttachment')}
          onRemove={() => setFile(undefined)}
          onLastRemoved={() => attachButton.current?.focus()}
          sx={{ mx: 1, mb: 0.5, alignSelf: 'flex-start' }}
        />
      )}
      <Stack direction="row" spacing={0.5} sx={{ p: 1, borderTop: 1, borderColor: 'divider', alignItems: 'flex-end' }}>
        <input
          ref={fileInput}
          type="file"
          hidden
          accept=".pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          onChange={(e) => setFile(e.target.files?.[0] ?? undefined)}
        />
        <Tooltip title={t('chat.widget.attach')}>
          <IconButton
            ref={attachButton}
            aria-label={t('chat.widget.attach')}
            onClick={() => fileInput.current?.click()}
          >
            <AttachFileOutlined />
          </IconButton>
        </Tooltip>
        <TextField
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            chat.typed();
          }}
          onKeyDown={onKey}
          placeholder={t('chat.widget.placeholder')}
          slotProps={{ htmlInput: { 'aria-label': t('chat.widget.placeholder'), maxLength: 5000 } }}
          multiline
          maxRows={4}
          size="small"
          fullWidth
        />
        <IconButton
          color="primary"
          aria-label={t('chat.widget.send')}
          onClick={() => void submit()}
          disabled={sending || (!text.trim() && !file)}
        >
          {sending ? <CircularProgress size={20} aria-label={t('chat.widget.sending')} /> : <SendOutlined />}
        </IconButton>
      </Stack>
    </Stack>
  );
}
