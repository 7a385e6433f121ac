// Shares the report link: the native share sheet where available, else copies it to the clipboard.
import { useState } from 'react';
import { Check, Share2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';

export function ShareButton({ title }: { title: string }) {
  const [copied, setCopied] = useState(false);
  async function share() {
    const url = window.location.href;
    if (typeof navigator.share === 'function' && window.matchMedia('(pointer: coarse)').matches) {
      try {
        await navigator.share({ title, url });
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
    setCopied(true);
    window.setTimeout(() => setCopied(false), 2000);
  }
  return (
    <Button variant="secondary" size="sm" onClick={() => void share()}>
      {copied ? (
        <Check aria-hidden="true" className="size-4 text-emerald-600" />
      ) : (
        <Share2 aria-hidden="true" className="size-4" />
      )}
      <span aria-live="polite">{copied ? 'Link copied' : 'Share'}</span>
    </Button>
  );
}
