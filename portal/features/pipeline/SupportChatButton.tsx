/**
 * The support-chat slot, shown only on the project page (spec section 2): a floating button that
 * writes to the project's talent advocate, or to the support address when the project has none.
 */
import ChatBubbleOutlineOutlined from '@mui/icons-material/ChatBubbleOutlineOutlined';
import { Box, Fab } from '@mui/material';
import { useEffect, useState } from 'react';
import { t } from '../../../i18n';
import { api } from '../../../ui/api/client';
import type { ProjectDetail } from '../../api/pipeline';

export function SupportChatButton({ project }: { project: ProjectDetail }) {
  const [support, setSupport] = useState<string>();
  const advocateEmail = project.advocate?.email ?? undefined;
  useEffect(() => {
    if (advocateEmail) return undefined;
    const controller = new AbortController();
    api<{ supportEmail?: string }>('credit/pricing', { signal: controller.signal })
      .then((p) => setSupport(p.supportEmail))
      .catch(() => undefined);
    return () => controller.abort();
  }, [advocateEmail]);
  const to = advocateEmail ?? support;
  if (!to) return null;
  const href = `mailto:${to}?subject=${encodeURIComponent(t('portal.pipeline.chat.subject', { title: project.title }))}`;
  return (
    <Fab
      variant="extended"
      color="primary"
      href={href}
      aria-label={t('portal.pipeline.chat.button')}
      data-testid="support-chat"
      sx={{ position: 'fixed', right: { xs: 16, md: 24 }, bottom: { xs: 16, md: 24 }, zIndex: (theme) => theme.zIndex.speedDial }}
    >
      <ChatBubbleOutlineOutlined sx={{ mr: { sm: 1 } }} />
      <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
        {t('portal.pipeline.chat.button')}
      </Box>
    </Fab>
  );
}
