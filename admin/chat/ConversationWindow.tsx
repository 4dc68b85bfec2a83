/**
 * One conversation in a console window of its own (opened from the inbox, named `chat-<id>`):
 * the project and company it is about, its assignee (an admin may take it: "Assign to me", after
 * which it is under the inbox's Mine), resolve or reopen, and the messages. What arrives while the
 * window is visible is marked read.
 */
import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { actorRefs } from '../../schema/roles';
import { t } from '../../i18n';
import { changeConversation } from '../../ui/chat/chatApi';
import { ChatThread } from '../../ui/chat/ChatThread';
import { useConversation } from '../../ui/chat/useConversation';
import { useActor } from '../providers/useActor';

function useVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  return visible;
}

export function ConversationWindow() {
  const id = Number(useParams().id);
  if (!Number.isSafeInteger(id) || id < 1) return <Alert severity="error">{t('chat.errors.notFound')}</Alert>;
  return <Conversation id={id} />;
}

function Conversation({ id }: { id: number }) {
  const chat = useConversation({ conversationId: id }, 'admin', useVisible());
  const c = chat.conversation;
  const [error, setError] = useState(false);
  useEffect(() => {
    if (c) document.title = `${c.company.name} · ${c.project.title}`;
  }, [c]);
  const actor = useActor();
  const me = actor ? actorRefs(actor).adminId : null;
  const change = async (body: Parameters<typeof changeConversation>[1]) => {
    if (!c) return;
    try {
      const { data } = await changeConversation(c.id, body);
      chat.setConversation(data);
      setError(false);
    } catch {
      setError(true);
    }
  };
  const toggle = () => change({ status: c?.status === 'open' ? 'resolved' : 'open' });
  return (
    <Box sx={{ height: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h1" noWrap>
            {c ? `${c.company.name} · ${c.project.title}` : t('chat.inbox.title')}
          </Typography>
          {c && (
            <Typography variant="caption" color="text.secondary">
              {t('chat.inbox.assigneeLabel')}: {c.assignee?.name ?? t('chat.inbox.unassigned')}
            </Typography>
          )}
        </Box>
        {c && (
          <Chip
            size="small"
            label={t(`chat.inbox.status.${c.status}`)}
            color={c.status === 'open' ? 'primary' : 'default'}
            variant="outlined"
          />
        )}
        {c && me !== null && c.assignee?.id !== me && (
          <Button variant="outlined" size="small" onClick={() => void change({ assigneeId: me })}>
            {t('chat.inbox.assignToMe')}
          </Button>
        )}
        {c && (
          <Button variant="outlined" size="small" onClick={() => void toggle()}>
            {c.status === 'open' ? t('chat.inbox.resolve') : t('chat.inbox.reopen')}
          </Button>
        )}
      </Stack>
      {error && <Alert severity="error">{t('chat.inbox.changeError')}</Alert>}
      <ChatThread chat={chat} emptyText={t('chat.inbox.empty')} height="auto" />
    </Box>
  );
}
