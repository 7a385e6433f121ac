// /auth/callback, the target of the confirmation e-mail: the auth client reads the session from the URL, then /app.
// A link that expired or was already used goes to the sign-in screen, which says so and offers a new link.
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { uiMessages } from '@atr/shared';
import { useAuth } from '../../lib/auth-context.tsx';
import { landedWithLinkError } from '../../lib/auth-client.ts';
import { FullScreenLoader } from '../../components/ui/spinner.tsx';

export function AuthCallbackRoute() {
  const { loading, session } = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    // Wait for the client to finish reading the fragment so the guard sees the new session.
    if (loading) return;
    if (landedWithLinkError && !session)
      navigate('/login', { replace: true, state: { linkError: 'confirmation' } });
    else navigate('/app', { replace: true });
  }, [loading, session, navigate]);
  return <FullScreenLoader label={uiMessages.finishingLogin} />;
}
