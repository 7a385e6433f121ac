// Auth state for the whole app: session, user, loading and the last auth event, fed by the client's onAuthStateChange.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { AuthChangeEvent, Session, User } from '@supabase/auth-js';
import { authClient, landedFromRecoveryLink } from './auth-client.ts';
import { queryClient } from './query-client.ts';
import { clearUserData } from './user-data.ts';

export interface AuthState {
  session: Session | null;
  user: User | null;
  /** True until the client has read the stored session (and any session in the URL). */
  loading: boolean;
  lastEvent: AuthChangeEvent | null;
  /** The session came from a password-recovery link: the reset screen asks for a new password. */
  recovery: boolean;
  /** The last sign-out was the user's own choice (not an expired session): protected pages send them home. */
  signedOutByUser: boolean;
  signOut: () => Promise<void>;
}

/**
 * Whatever ended the session (the user, another tab, an expired refresh), the next person on this browser must not
 * find the previous user's purchases or checkouts in storage.
 */
function forgetUserData() {
  try {
    clearUserData(localStorage);
  } catch {
    /* storage unavailable: nothing was cached */
  }
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(null);
  const [loading, setLoading] = useState(true);
  const [lastEvent, setLastEvent] = useState<AuthChangeEvent | null>(null);
  const [recovery, setRecovery] = useState(landedFromRecoveryLink);
  const [signedOutByUser, setSignedOutByUser] = useState(false);

  useEffect(() => {
    const { data } = authClient.onAuthStateChange((event, next) => {
      setLastEvent(event);
      setSession(next);
      if (event === 'PASSWORD_RECOVERY') setRecovery(true);
      if (event === 'SIGNED_IN') setSignedOutByUser(false);
      if (event === 'SIGNED_OUT') {
        setRecovery(false);
        forgetUserData();
        queryClient.removeQueries({
          predicate: (q) => q.queryKey[0] !== 'pricing' && q.queryKey[0] !== 'public-config',
        });
      }
      if (event === 'INITIAL_SESSION') setLoading(false);
    });
    // INITIAL_SESSION is emitted after initialisation; this covers a client that initialised before we subscribed.
    void authClient.getSession().then(({ data: current }) => {
      setSession(current.session);
      setLoading(false);
    });
    return () => data.subscription.unsubscribe();
  }, []);

  const signOut = useCallback(async () => {
    setSignedOutByUser(true);
    const { error } = await authClient.signOut({ scope: 'local' });
    // A failed server call must not leave the user signed in on this device.
    if (error) {
      setSession(null);
      forgetUserData();
    }
  }, []);

  const value = useMemo<AuthState>(
    () => ({ session, user: session?.user ?? null, loading, lastEvent, recovery, signedOutByUser, signOut }),
    [session, loading, lastEvent, recovery, signedOutByUser, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside <AuthProvider>');
  return ctx;
}

/** The name to greet a user with: full name when set, else the e-mail. */
export function displayName(user: User | null): string {
  const full = user?.user_metadata?.full_name;
  return typeof full === 'string' && full.trim() ? full.trim() : (user?.email ?? '');
}
