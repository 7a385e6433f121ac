// Shown when a screen throws while rendering or its chunk fails to load: says so and offers a way out instead of a blank page.
import { useRouteError } from 'react-router';
import { messages } from '@atr/shared';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';

export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <div className="mx-auto max-w-xl px-4 py-24">
      <Alert tone="error" title={messages.login.unexpected}>
        {/* Reloading fetches the current release's screens, which fixes a chunk that vanished with a new deploy. */}
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" onClick={() => window.location.reload()}>
            Reload
          </Button>
          <a href="/" className="inline-flex h-8 items-center rounded-lg px-3 text-sm font-medium text-rose-800 underline">
            Back to Home
          </a>
        </div>
      </Alert>
    </div>
  );
}
