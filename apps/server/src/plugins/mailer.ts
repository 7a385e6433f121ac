// Outgoing e-mail: SMTP through nodemailer when SMTP_URL is set; otherwise an outbox folder under
// DATA_DIR (one JSON file per message, its links logged) so a local user needs no mail server.
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
  /** The actionable links of the message (logged in outbox mode so a local user can click them). */
  links: string[];
}

export interface Mailer {
  kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export function outboxDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'outbox');
}

export function createMailer(
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'dataDir'>,
  log?: FastifyBaseLogger,
): Mailer {
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
      await fs.writeFile(path.join(dir, name), JSON.stringify(body, null, 2), { mode: 0o600 });
      // The outbox is the local user's mailbox: this is the one place links (with their tokens) are logged.
      log?.info(`Outbox: mail to ${m.to}: ${m.subject} → ${m.links.join(' ')}`);
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
