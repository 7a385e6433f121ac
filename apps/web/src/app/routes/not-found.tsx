// Any unknown path inside the shared layout: back to the dashboard when signed in, and always back home.
import { uiMessages } from '@atr/shared';
import { ButtonLink } from '../../components/ui/button.tsx';
import { useAuth } from '../../lib/auth-context.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function NotFoundRoute() {
  useDocumentTitle('Page Not Found');
  const { session } = useAuth();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-sm font-semibold text-indigo-700">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{uiMessages.notFoundTitle}</h1>
      <p className="mt-3 text-slate-600">{uiMessages.notFound}</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        {session && <ButtonLink to="/app">Back to Dashboard</ButtonLink>}
        <ButtonLink to="/" variant={session ? 'secondary' : 'primary'}>
          Back to Home
        </ButtonLink>
      </div>
    </div>
  );
}
