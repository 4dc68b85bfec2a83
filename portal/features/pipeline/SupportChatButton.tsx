/**
 * The support-chat slot, shown only on the project page (spec section 2): the chat widget
 * (portal/features/chat), fetched as its own chunk when this page shows it, so no other page
 * carries its code. It comes once the page has drawn its candidates and the browser is idle: a floating button
 * and its conversation call are not what a visit opens the page for.
 */
import { startTransition, Suspense, useEffect, useState } from 'react';
import { lazyPage } from '../../app/lazyPage';
import type { ProjectDetail } from '../../api/pipeline';

const ChatWidget = lazyPage(() => import('../chat/ChatWidget'), 'ChatWidget');

/** True once the browser has had an idle moment after the first render (at most a second later). */
function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    // The widget arrives as a transition, drawn in slices beside the board's own work.
    const arrive = () => startTransition(() => setIdle(true));
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(arrive, 200);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(arrive, { timeout: 1000 });
    return () => window.cancelIdleCallback(handle);
  }, []);
  return idle;
}

export function SupportChatButton({ project }: { project: ProjectDetail }) {
  const idle = useIdle();
  if (!idle) return null;
  return (
    <Suspense fallback={null}>
      <ChatWidget projectId={String(project.id)} title={project.title} advocate={project.advocate?.name ?? null} />
    </Suspense>
  );
}
