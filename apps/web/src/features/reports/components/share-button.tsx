// Shares the report link: the native share sheet where available, else copies it to the clipboard. The link opens
// only for its owner, signed in, and the button and its confirmation say so.
import { Share2 } from 'lucide-react';
import { reportUiMessages } from '@atr/shared';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast.tsx';

export function ShareButton({ title, className }: { title: string; className?: string }) {
  async function share() {
    const url = window.location.href;
    if (typeof navigator.share === 'function' && window.matchMedia('(pointer: coarse)').matches) {
      try {
        await navigator.share({ title, url });
        toast(reportUiMessages.sharedOwnerOnly);
        return;
      } catch {
        /* dismissed or refused: fall back to copying */
      }
    }
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      const input = document.createElement('textarea');
      input.value = url;
      document.body.appendChild(input);
      input.select();
      document.execCommand('copy');
      input.remove();
    }
    toast(reportUiMessages.shareOwnerOnly);
  }
  return (
    <Button
      variant="secondary"
      size="sm"
      className={className}
      title={reportUiMessages.shareHint}
      aria-description={reportUiMessages.shareHint}
      onClick={() => void share()}
    >
      <Share2 aria-hidden="true" className="size-4" />
      Share
    </Button>
  );
}
