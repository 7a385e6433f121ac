// Reads what an e-mail link left in the URL fragment when it could not be used: the auth service redirects an
// expired or already-used link with `#error=access_denied&error_code=otp_expired&error_description=…`.

export interface LinkError {
  code: string;
  description: string;
}

/** The error an e-mail link landed with, or null when the fragment carries none. */
export function readLinkError(hash: string): LinkError | null {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const error = params.get('error');
  const code = params.get('error_code');
  if (!error && !code) return null;
  return { code: code ?? error ?? 'unknown', description: params.get('error_description') ?? '' };
}
