/**
 * The Emotion cache the portal and the console draw their styles with: Emotion's own, except that a rule whose selector
 * names a vendor pseudo-class or pseudo-element this browser does not know (MUI's `::-moz-focus-inner`, the prefixer's
 * `::-moz-placeholder` and `:-ms-input-placeholder`, in Chromium) is left out instead of handed to the browser. The
 * browser would refuse it by throwing, and each refusal builds an exception with its stack: up to 40 per page opened.
 * Every rule the browser understands goes in as before, and a browser that cannot say which selectors it knows gets
 * every rule. It also declares, once, the keyframes MUI's inputs would each declare for themselves.
 */
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider, Global } from '@emotion/react';
import type { ReactNode } from 'react';
import { AUTOFILL } from './theme';

/** A vendor pseudo-class or pseudo-element, without arguments (`:-webkit-any(...)` is not one of these). */
const VENDOR_PSEUDO = /::?-(?:webkit|moz|ms|o)-[\w-]+(?![\w-]|\()/g;

const known = new Map<string, boolean>();

function browserKnows(pseudo: string): boolean {
  let knows = known.get(pseudo);
  if (knows === undefined) {
    knows = CSS.supports(`selector(${pseudo})`);
    known.set(pseudo, knows);
  }
  return knows;
}

/** Whether the browser can parse the rule's selector; at-rules drop what they cannot parse inside them. */
function selectorParses(rule: string): boolean {
  if (rule.startsWith('@')) return true;
  const selector = rule.slice(0, rule.indexOf('{'));
  for (const [pseudo] of selector.matchAll(VENDOR_PSEUDO)) if (!browserKnows(pseudo)) return false;
  return true;
}

/** Whether this browser answers which selectors it knows (CSS.supports with selector(), 2020 on). */
const canAsk = () => typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('selector(*)');

function createStyleCache(): EmotionCache {
  const cache = createCache({ key: 'css' });
  if (canAsk()) {
    const insert = cache.sheet.insert.bind(cache.sheet);
    cache.sheet.insert = (rule: string) => {
      if (selectorParses(rule)) insert(rule);
    };
  }
  return cache;
}

const styleCache = typeof document === 'undefined' ? undefined : createStyleCache();

/**
 * The autofill keyframes every input's animations name, declared once for the app instead of by each input
 * (ui/theme.ts). Not empty, or Emotion's production build drops them; an animation property inside keyframes is
 * ignored, so nothing visible plays.
 */
const AUTOFILL_KEYFRAMES = {
  [`@keyframes ${AUTOFILL.fill}`]: { from: { animationName: AUTOFILL.fill } },
  [`@keyframes ${AUTOFILL.cancel}`]: { from: { animationName: AUTOFILL.cancel } },
};

/** Around an app's tree: its MUI components insert their styles through the cache above. */
export function StyleCache({ children }: { children: ReactNode }) {
  const tree = (
    <>
      <Global styles={AUTOFILL_KEYFRAMES} />
      {children}
    </>
  );
  return styleCache ? <CacheProvider value={styleCache}>{tree}</CacheProvider> : tree;
}
