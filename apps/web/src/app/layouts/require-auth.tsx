// The access guard of /app: a full-screen loader while auth loads, /login (remembering where from) when signed out.
import { Navigate, Outlet, useLocation } from 'react-router';
import { uiMessages } from '@atr/shared';
import { useAuth } from '../../lib/auth-context.tsx';
import { FullScreenLoader } from '../../components/ui/spinner.tsx';

export interface FromState {
  from?: { pathname: string; search?: string; hash?: string };
  /** The session ended while the user was here (not their own sign-out): the sign-in screen says so. */
  reason?: 'session-ended';
}

export function RequireAuth() {
  const { session, loading, signedOutByUser, lastEvent } = useAuth();
  const location = useLocation();
  if (loading) return <FullScreenLoader label={uiMessages.checkingSession} />;
  // Signing out returns to the home page (spec §2); an expired session asks to sign in again.
  if (!session && signedOutByUser) return <Navigate to="/" replace />;
  if (!session) {
    const state: FromState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
      // A session that was there and is gone (a 401, a sign-out in another tab), not a first visit.
      ...(lastEvent === 'SIGNED_OUT' ? { reason: 'session-ended' as const } : {}),
    };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}
