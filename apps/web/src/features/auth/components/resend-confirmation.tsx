// "Send a new confirmation link", for a confirmation link that expired or was used, and for an unconfirmed sign-in.
import { useState } from 'react';
import { ResetRequestSchema, firstIssue, linkMessages } from '@atr/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { resendConfirmation } from '../api/resend-confirmation.ts';

export function ResendConfirmation({ email }: { email: string }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function send() {
    setError(null);
    const parsed = ResetRequestSchema.safeParse({ email });
    if (!parsed.success) return setError(firstIssue(parsed.error));
    setSending(true);
    const result = await resendConfirmation(parsed.data.email);
    setSending(false);
    if (!result.success) return setError(result.error);
    setSentTo(parsed.data.email);
  }

  if (sentTo) return <Alert tone="success">{linkMessages.confirmationSent(sentTo)}</Alert>;
  return (
    <div className="space-y-3">
      <Button variant="secondary" className="w-full" loading={sending} onClick={() => void send()}>
        {linkMessages.sendConfirmation}
      </Button>
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}
