// How the payment pages tell the buyer's other tabs that a checkout ended (paid or cancelled), so the tab that
// opened the checkout stops waiting at once instead of polling for minutes. Same-origin tabs only: BroadcastChannel.
import { CHECKOUT_CHANNEL, type Format } from '@atr/shared';

export interface CheckoutEnded {
  type: 'checkout-ended';
  reportId: string;
  format: Format;
  outcome: 'paid' | 'cancelled';
}

const isCheckoutEnded = (data: unknown): data is CheckoutEnded => {
  const d = data as Partial<CheckoutEnded> | null;
  return (
    !!d &&
    d.type === 'checkout-ended' &&
    typeof d.reportId === 'string' &&
    (d.format === 'word' || d.format === 'latex') &&
    (d.outcome === 'paid' || d.outcome === 'cancelled')
  );
};

/** Tells the other tabs how the checkout of this report and format ended. */
export function announceCheckoutEnded(message: Omit<CheckoutEnded, 'type'>): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHECKOUT_CHANNEL);
  channel.postMessage({ type: 'checkout-ended', ...message } satisfies CheckoutEnded);
  channel.close();
}

/** Calls `listener` for every checkout another tab reports as ended; returns the unsubscribe. */
export function onCheckoutEnded(listener: (message: CheckoutEnded) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(CHECKOUT_CHANNEL);
  channel.onmessage = (event: MessageEvent) => {
    if (isCheckoutEnded(event.data)) listener(event.data);
  };
  return () => channel.close();
}
