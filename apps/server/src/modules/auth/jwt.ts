// Access tokens: HS256 JWTs signed with jose. The secret comes from JWT_SECRET or, when unset, is
// generated once and kept under DATA_DIR (mode 0600) so tokens survive restarts.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import type { Config } from '../../config.ts';

export const AUDIENCE = 'authenticated';
export const ROLE = 'authenticated';
const SECRET_FILE = 'jwt-secret';

export async function loadJwtSecret(config: Pick<Config, 'JWT_SECRET' | 'dataDir'>): Promise<string> {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  const file = path.join(config.dataDir, SECRET_FILE);
  await fs.mkdir(config.dataDir, { recursive: true });
  try {
    // 'wx' fails if another process created it first; then we read theirs.
    const secret = crypto.randomBytes(48).toString('base64url');
    await fs.writeFile(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    const secret = (await fs.readFile(file, 'utf8')).trim();
    if (secret.length < 32) throw new Error(`${file} holds a JWT secret shorter than 32 characters`);
    return secret;
  }
}

export interface AccessClaims extends JWTPayload {
  sub: string;
  email: string;
  role: string;
  session_id: string;
  user_metadata?: Record<string, unknown>;
  app_metadata?: Record<string, unknown>;
}

export interface TokenUser {
  id: string;
  email: string;
  fullName: string;
  emailConfirmedAt: Date | null;
}

export function userMetadata(u: TokenUser) {
  return { email: u.email, email_verified: u.emailConfirmedAt != null, full_name: u.fullName, sub: u.id };
}

export const APP_METADATA = { provider: 'email', providers: ['email'] };

export function createTokenService(secret: string, opts: { issuer: string; ttlS: number }) {
  // A KeyObject made once: passing raw bytes makes jose import the key again on every sign and verify.
  const key = crypto.createSecretKey(Buffer.from(secret, 'utf8'));
  // A token's signature check is a pure function of the token, so a verified one is remembered until it
  // expires (revocation is checked separately, on every request, against the session).
  const verified = new Map<string, AccessClaims>();
  const VERIFIED_MAX = 10_000;
  return {
    ttlS: opts.ttlS,
    issuer: opts.issuer,
    async sign(user: TokenUser, sessionId: string, method: 'password' | 'otp' | 'recovery' = 'password') {
      const iat = Math.floor(Date.now() / 1000);
      const exp = iat + opts.ttlS;
      const token = await new SignJWT({
        email: user.email,
        phone: '',
        role: ROLE,
        aal: 'aal1',
        amr: [{ method, timestamp: iat }],
        session_id: sessionId,
        is_anonymous: false,
        user_metadata: userMetadata(user),
        app_metadata: APP_METADATA,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setAudience(AUDIENCE)
        .setIssuer(opts.issuer)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(key);
      return { token, exp };
    },
    /** Verifies signature, expiry, audience and issuer; throws on any failure. */
    async verify(token: string): Promise<AccessClaims> {
      const known = verified.get(token);
      if (known && (known.exp ?? 0) * 1000 > Date.now()) return known;
      if (known) verified.delete(token);
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        audience: AUDIENCE,
        issuer: opts.issuer,
      });
      if (typeof payload.sub !== 'string' || typeof payload.session_id !== 'string')
        throw new Error('missing claims');
      if (verified.size >= VERIFIED_MAX) verified.clear();
      verified.set(token, payload as AccessClaims);
      return payload as AccessClaims;
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
