// The auth service's e-mails: plain, friendly texts with the product name, as text and simple HTML.
import type { MailMessage } from '../../plugins/mailer.ts';

const PRODUCT = 'ATR (AI Technical Reports)';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function compose(
  to: string,
  subject: string,
  paragraphs: string[],
  link?: { url: string; label: string },
): MailMessage {
  const text = [
    ...paragraphs.slice(0, 1),
    ...(link ? [`${link.label}: ${link.url}`] : []),
    ...paragraphs.slice(1),
    `— The ${PRODUCT} team`,
  ].join('\n\n');
  const html = [
    '<div style="font-family:system-ui,sans-serif;max-width:560px;line-height:1.5">',
    ...paragraphs.slice(0, 1).map((p) => `<p>${escape(p)}</p>`),
    ...(link
      ? [
          `<p><a href="${escape(link.url)}" style="display:inline-block;padding:10px 16px;background:#2563eb;color:#fff;border-radius:6px;text-decoration:none">${escape(link.label)}</a></p>`,
        ]
      : []),
    ...paragraphs.slice(1).map((p) => `<p>${escape(p)}</p>`),
    `<p>— The ${escape(PRODUCT)} team</p>`,
    '</div>',
  ].join('\n');
  return { to, subject, text, html, links: link ? [link.url] : [] };
}

const greeting = (name: string) => (name ? `Hello ${name},` : 'Hello,');

export function confirmSignupMail(to: string, fullName: string, url: string): MailMessage {
  return compose(
    to,
    'Confirm your ATR account',
    [
      `${greeting(fullName)} thanks for signing up to ${PRODUCT}. Please confirm your e-mail address to activate your account.`,
      'The link works once and expires in 24 hours. If you did not sign up, you can ignore this e-mail.',
    ],
    { url, label: 'Confirm my e-mail address' },
  );
}

export function recoveryMail(to: string, fullName: string, url: string): MailMessage {
  return compose(
    to,
    'Reset your ATR password',
    [
      `${greeting(fullName)} we received a request to reset the password of your ${PRODUCT} account.`,
      'The link works once and expires in 24 hours. If you did not ask for a new password, you can ignore this e-mail: your password stays the same.',
    ],
    { url, label: 'Choose a new password' },
  );
}

export function existingAccountMail(
  to: string,
  fullName: string,
  loginUrl: string,
  resetUrl: string,
): MailMessage {
  const mail = compose(
    to,
    'Someone tried to sign up with your e-mail address',
    [
      `${greeting(fullName)} someone just tried to create a new ${PRODUCT} account with this e-mail address, which already has an account.`,
      `If it was you, simply sign in at ${loginUrl}. Forgot your password? Reset it at ${resetUrl}. If it was not you, no action is needed: your account is unchanged.`,
    ],
    { url: loginUrl, label: 'Sign in' },
  );
  return { ...mail, links: [loginUrl, resetUrl] };
}
