// The "Test mode — no real payments" strip on every screen that takes payment while the server runs the
// built-in test checkout (GET /api/pricing says test_mode); nothing when real payments are taken.
import { FlaskConical } from 'lucide-react';
import { reportUiMessages } from '@atr/shared';
import { usePricing } from '../../../lib/pricing.ts';

export function TestModeBanner() {
  const { pricing } = usePricing();
  if (!pricing.test_mode) return null;
  return (
    <div
      role="status"
      data-testid="test-mode-banner"
      className="border-b border-amber-300 bg-amber-50 text-amber-950"
    >
      {/* Compact on a phone (smaller type, no badge), so the screen's own content starts in the first screen. */}
      <div className="mx-auto flex max-w-6xl items-start gap-3 px-4 py-2 text-xs sm:items-center sm:px-6 sm:py-3 sm:text-sm">
        <span className="hidden size-7 shrink-0 items-center justify-center rounded-full bg-amber-200 text-amber-900 sm:flex">
          <FlaskConical aria-hidden="true" className="size-4" />
        </span>
        <p>
          <strong className="font-semibold">{reportUiMessages.testModeTitle}.</strong>{' '}
          <span className="text-amber-900">{reportUiMessages.testModeDetail}</span>
        </p>
      </div>
    </div>
  );
}
