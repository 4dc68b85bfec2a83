/**
 * The support-chat slot, shown only on the project page (spec section 2): the chat widget
 * (portal/features/chat), fetched as its own chunk when this page shows it, so no other page
 * carries its code.
 */
import { Suspense } from 'react';
import { lazyPage } from '../../app/lazyPage';
import type { ProjectDetail } from '../../api/pipeline';

const ChatWidget = lazyPage(() => import('../chat/ChatWidget'), 'ChatWidget');

export function SupportChatButton({ project }: { project: ProjectDetail }) {
  return (
    <Suspense fallback={null}>
      <ChatWidget projectId={String(project.id)} title={project.title} />
    </Suspense>
  );
}
