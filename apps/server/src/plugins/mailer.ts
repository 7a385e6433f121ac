// Outgoing e-mail: SMTP through nodemailer when SMTP_URL is set; otherwise an outbox folder under
// DATA_DIR (one JSON file per message) so a local user needs no mail server. Only in development are
// the links of an outbox message logged: they carry live tokens.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The actionable links of the message (logged in outbox mode in development, for a quick click). */
  links: string[];
}

export interface Mailer {
  kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  /**
   * Sends in the background and returns at once, so the time a request takes does not depend on
   * whether a mail was sent (or on how slow the mail server is); a failure is logged.
   */
  queue(message: MailMessage): void;
  /** Resolves when every queued message has been sent or has failed (shutdown, tests). */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export function outboxDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'outbox');
}

type MailerConfig = Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'dataDir'> & Partial<Pick<Config, 'NODE_ENV'>>;

export function createMailer(config: MailerConfig, log?: FastifyBaseLogger): Mailer {
  const sender = createSender(config, log);
  const pending = new Set<Promise<void>>();
  return {
    ...sender,
    queue(m) {
      const sending = sender
        .send(m)
        .catch((err: unknown) => log?.error({ err, subject: m.subject }, 'mail could not be sent'))
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

function createSender(config: MailerConfig, log?: FastifyBaseLogger): Pick<Mailer, 'kind' | 'send'> {
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      kind: 'smtp',
      async send(m) {
        await transport.sendMail({
          from: config.MAIL_FROM,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
        });
        log?.info({ subject: m.subject }, 'mail sent');
      },
    };
  }
  const dir = outboxDir(config);
  return {
    kind: 'outbox',
    async send(m) {
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      const createdAt = new Date().toISOString();
      // Colons are not allowed in file names on every system.
      const name = `${createdAt.replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.json`;
      const body = { to: m.to, subject: m.subject, text: m.text, html: m.html, links: m.links, createdAt };
      // Written aside and renamed, so a reader of the outbox never sees half a message.
      const partial = path.join(dir, `${name}.partial`);
      await fs.writeFile(partial, JSON.stringify(body, null, 2), { mode: 0o600 });
      await fs.rename(partial, path.join(dir, name));
      // The links carry live tokens: they reach the log only in development (NODE_ENV defaults to
      // production), where the outbox is the developer's own mailbox.
      if (config.NODE_ENV === 'development') {
        log?.info(`Outbox: mail to ${m.to}: ${m.subject} → ${m.links.join(' ')}`);
      } else {
        log?.info({ file: name }, 'Outbox: mail written');
      }
    },
  };
}

/** Reads the outbox, oldest first (tests and the local user's tooling). */
export async function readOutbox(
  config: Pick<Config, 'dataDir'>,
): Promise<(MailMessage & { createdAt: string; file: string })[]> {
  const dir = outboxDir(config);
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const out = [];
  for (const name of names.filter((n) => n.endsWith('.json')).sort()) {
    out.push({ ...JSON.parse(await fs.readFile(path.join(dir, name), 'utf8')), file: name });
  }
  return out;
}
