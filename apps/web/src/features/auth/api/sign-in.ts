// Password sign-in; "remember me" decides where the session is stored before the client writes it.
import { authClient, authStorage } from '../../../lib/auth-client.ts';
import { loginErrorMessage } from '../utils/auth-errors.ts';

export type AuthResult = { success: true; error?: undefined } | { success: false; error: string };

export async function signIn(input: {
  email: string;
  password: string;
  remember: boolean;
}): Promise<AuthResult> {
  authStorage.setRemember(input.remember);
  try {
    const { error } = await authClient.signInWithPassword({
      email: input.email.trim(),
      password: input.password,
    });
    if (error) return { success: false, error: loginErrorMessage(error) };
    return { success: true };
  } catch (e) {
    return { success: false, error: loginErrorMessage(e) };
  }
}
