// Shown when a screen throws while rendering: says so and offers a way out instead of a blank page.
import { useRouteError } from 'react-router';
import { messages } from '@atr/shared';
import { Alert } from '../../components/ui/alert.tsx';

export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <div className="mx-auto max-w-xl px-4 py-24">
      <Alert tone="error" title={messages.login.unexpected}>
        <a href="/" className="font-medium underline">Back to Home</a>
      </Alert>
    </div>
  );
}
