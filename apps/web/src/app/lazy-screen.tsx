// Route screens loaded on demand, robust to a dropped connection: the import is retried with a short back-off,
// and if the chunk still cannot be fetched the route renders, inside the normal layout, a message that says the
// connection is the problem, with a Retry that loads the screen in place. The lazy function never rejects,
// because React Router keeps a rejected lazy promise for the life of the page.
import { useEffect, useState, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { WifiOff } from 'lucide-react';
import { errorMessages } from '@atr/shared';
import { Button } from '../components/ui/button.tsx';
import { InlineLoader } from '../components/ui/spinner.tsx';
import { logError } from '../lib/user-error.ts';

/** Delays between attempts at fetching a screen's chunk. */
export const CHUNK_RETRY_DELAYS_MS = [400, 1_200];

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Calls `load` until it succeeds, waiting the given delays between attempts; rethrows the last failure. */
export async function withRetries<T>(
  load: () => Promise<T>,
  delays: readonly number[] = CHUNK_RETRY_DELAYS_MS,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (e) {
      if (attempt >= delays.length) throw e;
      await wait(delays[attempt]!);
    }
  }
}

/** A route screen loaded on demand: its module is fetched the first time the route matches. */
export function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): RouteObject['lazy'] {
  return async () => {
    try {
      return { Component: pick(await withRetries(load)) };
    } catch (error) {
      logError('A screen could not be downloaded', error);
      return { Component: retryingScreen(load, pick) };
    }
  };
}

/** The route's component after its chunk failed: says why, and swaps in the real screen once it loads. */
function retryingScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ComponentType {
  let loaded: ComponentType | null = null;
  let justFailed = true;
  return function ScreenWithRetry() {
    const [Screen, setScreen] = useState<ComponentType | null>(() => loaded);
    // The first mount follows the attempts that just failed; a later visit tries again at once.
    const [phase, setPhase] = useState<'loading' | 'failed'>(() => (justFailed ? 'failed' : 'loading'));
    const attempt = async () => {
      setPhase('loading');
      try {
        const module = await withRetries(load, [600]);
        loaded = pick(module);
        setScreen(() => loaded);
      } catch (e) {
        logError('A screen could not be downloaded', e);
        setPhase('failed');
      }
    };
    useEffect(() => {
      if (justFailed) justFailed = false;
      else if (!loaded) void attempt();
      // Only on mount: later attempts are the user's.
    }, []);
    if (Screen) return <Screen />;
    if (phase === 'loading') return <InlineLoaderScreen />;
    return <ChunkLoadFailed onRetry={() => void attempt()} />;
  };
}

function InlineLoaderScreen() {
  return (
    <div className="mx-auto max-w-xl px-4 py-24">
      <InlineLoader label="Loading…" />
    </div>
  );
}

export function ChunkLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:py-24">
      <div
        role="alert"
        className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200 sm:p-8"
        data-testid="chunk-load-failed"
      >
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-amber-50 text-amber-700">
          <WifiOff aria-hidden="true" className="size-6" />
        </span>
        <h1 className="mt-4 text-xl font-semibold text-slate-900">{errorMessages.chunkTitle}</h1>
        <p className="mt-2 text-slate-600">{errorMessages.chunkBody}</p>
        <Button className="mt-6" onClick={onRetry}>
          {errorMessages.chunkRetry}
        </Button>
      </div>
    </div>
  );
}
