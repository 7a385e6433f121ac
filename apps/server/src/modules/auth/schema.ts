// Drizzle definitions of the auth tables (db/migrations/0001_auth.sql is the source of truth); other
// modules reference `users.id` from here.
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  emailNormalized: text('email_normalized').notNull().unique(),
  passwordHash: text('password_hash'),
  fullName: text('full_name').notNull().default(''),
  provider: text('provider').notNull().default('email'),
  emailConfirmedAt: ts('email_confirmed_at'),
  confirmationSentAt: ts('confirmation_sent_at'),
  recoverySentAt: ts('recovery_sent_at'),
  lastSignInAt: ts('last_sign_in_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const authSessions = pgTable('auth_sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  revokedAt: ts('revoked_at'),
});

export const refreshTokens = pgTable('refresh_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  sessionId: uuid('session_id')
    .notNull()
    .references(() => authSessions.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  parentId: uuid('parent_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  revokedAt: ts('revoked_at'),
});

export const oneTimeTokens = pgTable('one_time_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['signup', 'recovery'] }).notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  redirectTo: text('redirect_to'),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const authRateLimits = pgTable('auth_rate_limits', {
  key: text('key').primaryKey(),
  windowStart: ts('window_start').notNull().defaultNow(),
  count: integer('count').notNull().default(0),
});

export type UserRow = typeof users.$inferSelect;
