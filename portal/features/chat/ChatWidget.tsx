/**
 * The support chat on the project page (the only page that shows it, spec section 2): a floating
 * button with the unread count that opens the project's conversation with its talent advocate (or
 * the admins). Loaded with its own chunk, only when the project page shows it.
 * The button and the panel take each other's place, so the keyboard goes with them: opening puts it in the message
 * box, closing (the close button or Escape) back on the button, never on the page's body (`useFocusHandover`).
 */
import ChatBubbleOutlineOutlined from '@mui/icons-material/ChatBubbleOutlineOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import { Badge, Box, Fab, IconButton, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { t } from '../../../i18n';
import { visuallyHidden } from '../../../ui/components/visuallyHidden';
import { ChatThread } from '../../../ui/chat/ChatThread';
import { useConversation } from '../../../ui/chat/useConversation';

function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  return visible;
}

/**
 * After the panel opens, its message box takes the focus; after it closes, the chat button. Nothing moves on the
 * first draw (the widget arrives on its own, while the person is elsewhere on the page).
 */
function useFocusHandover(open: boolean) {
  const panel = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const shown = useRef(open);
  useEffect(() => {
    if (shown.current === open) return;
    shown.current = open;
    if (open) panel.current?.querySelector<HTMLElement>('textarea:not([aria-hidden]):not([readonly])')?.focus();
    else button.current?.focus();
  }, [open]);
  return { panel, button };
}

/**
 * `advocate` is the project's talent advocate's name (null when none is assigned); once the conversation exists, its
 * assignee is who answers (the admins all when nobody is), so the subtitle promises nobody who is not there.
 */
export function ChatWidget({
  projectId,
  title,
  advocate,
}: {
  projectId: string;
  title: string;
  advocate?: string | null;
}) {
  const [open, setOpen] = useState(false);
  const { panel, button } = useFocusHandover(open);
  const visible = usePageVisible();
  const chat = useConversation({ projectId }, 'companyUser', open && visible);
  const unread = chat.conversation?.unread ?? 0;
  const answerer = chat.conversation ? chat.conversation.assignee?.name : advocate;
  // The button is named by the words it shows (WCAG 2.5.3), the unread count added for screen readers only.
  const name = t('chat.widget.open');
  const unreadSuffix = unread ? t('chat.widget.unreadSuffix', { count: unread }) : '';
  return (
    <>
      {!open && (
        <Fab
          variant="extended"
          color="primary"
          ref={button}
          onClick={() => setOpen(true)}
          data-testid="support-chat"
          sx={{
            position: 'fixed',
            right: { xs: 16, md: 24 },
            bottom: { xs: 16, md: 24 },
            zIndex: (theme) => theme.zIndex.speedDial,
          }}
        >
          <Badge badgeContent={unread} color="error" max={99} data-testid="support-chat-unread" aria-hidden>
            <ChatBubbleOutlineOutlined />
          </Badge>
          <Box component="span" sx={(theme) => ({ ml: 1, [theme.breakpoints.down('sm')]: visuallyHidden })}>
            {name}
          </Box>
          {unreadSuffix && (
            <Box component="span" sx={visuallyHidden}>
              {unreadSuffix}
            </Box>
          )}
        </Fab>
      )}
      {open && (
        <Paper
          elevation={8}
          ref={panel}
          role="dialog"
          aria-label={t('chat.widget.title', { project: title })}
          onKeyDown={(e) => {
            if (e.key !== 'Escape') return;
            e.stopPropagation();
            setOpen(false);
          }}
          data-testid="support-chat-panel"
          sx={{
            position: 'fixed',
            right: { xs: 0, sm: 24 },
            bottom: { xs: 0, sm: 24 },
            width: { xs: '100%', sm: 380 },
            maxHeight: { xs: '80vh', sm: 560 },
            display: 'flex',
            flexDirection: 'column',
            zIndex: (theme) => theme.zIndex.modal,
          }}
        >
          <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="subtitle1" component="h2" noWrap>
                {t('chat.widget.title', { project: title })}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {answerer ? t('chat.widget.subtitleAdvocate', { name: answerer }) : t('chat.widget.subtitle')}
              </Typography>
            </Box>
            <IconButton aria-label={t('chat.widget.close')} onClick={() => setOpen(false)}>
              <CloseOutlined />
            </IconButton>
          </Stack>
          <ChatThread chat={chat} emptyText={t('chat.widget.empty')} height={360} />
        </Paper>
      )}
    </>
  );
}
