// Any unknown path inside the shared layout.
import { uiMessages } from '@atr/shared';
import { ButtonLink } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function NotFoundRoute() {
  useDocumentTitle('Page Not Found');
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-sm font-semibold text-indigo-600">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{uiMessages.notFoundTitle}</h1>
      <p className="mt-3 text-slate-600">{uiMessages.notFound}</p>
      <ButtonLink to="/" className="mt-8">
        Back to Home
      </ButtonLink>
    </div>
  );
}
