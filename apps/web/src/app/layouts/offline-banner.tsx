// The calm app-wide notice while the browser is offline: shown the moment the connection drops, gone by itself
// when it returns. A screen that explains the connection in its own words (the processing page) hides it.
import { WifiOff } from 'lucide-react';
import { connectionMessages } from '@atr/shared';
import { useOnline } from '../../lib/use-online.ts';

export function OfflineBanner({ hidden = false }: { hidden?: boolean }) {
  const online = useOnline();
  return (
    // The live region stays in the page so the change is announced when it appears.
    <div role="status" aria-live="polite" className="contents">
      {!online && !hidden && (
        <div
          className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 sm:text-center"
          data-testid="offline-banner"
        >
          <WifiOff aria-hidden="true" className="mr-2 inline size-4 align-[-3px]" />
          <span className="font-semibold">{connectionMessages.offlineTitle}</span>{' '}
          {connectionMessages.offlineHint}
        </div>
      )}
    </div>
  );
}
