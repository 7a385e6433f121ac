// /auth/callback, the target of the confirmation e-mail: the auth client reads the session from the URL, then /app.
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { uiMessages } from '@atr/shared';
import { useAuth } from '../../lib/auth-context.tsx';
import { FullScreenLoader } from '../../components/ui/spinner.tsx';

export function AuthCallbackRoute() {
  const { loading } = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    // Wait for the client to finish reading the fragment so the guard sees the new session.
    if (!loading) navigate('/app', { replace: true });
  }, [loading, navigate]);
  return <FullScreenLoader label={uiMessages.finishingLogin} />;
}
