// Shown, inside the layout, when a screen throws while rendering: says what happened in words and offers a way
// out instead of a blank page. A chunk that cannot be fetched (connection lost, or gone after a deploy) says so.
import { useRouteError } from 'react-router';
import { errorMessages } from '@atr/shared';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { logError } from '../../lib/user-error.ts';
import { ChunkLoadFailed } from '../lazy-screen.tsx';

/** The messages browsers give a dynamic import that could not be fetched. */
const CHUNK_ERROR =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported|Unable to preload/i;

export function RouteError() {
  const error = useRouteError();
  logError('A screen failed', error);
  // Reloading fetches the current release's screens, which also fixes a chunk that vanished with a new deploy.
  if (error instanceof Error && CHUNK_ERROR.test(error.message))
    return <ChunkLoadFailed onRetry={() => window.location.reload()} />;
  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:py-24">
      <Alert tone="error" title={errorMessages.crashTitle}>
        <p>{errorMessages.crashBody}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" onClick={() => window.location.reload()}>
            Reload
          </Button>
          <a
            href="/"
            className="inline-flex h-8 items-center rounded-lg px-3 text-sm font-medium text-rose-800 underline"
          >
            Back to Home
          </a>
        </div>
      </Alert>
    </div>
  );
}
