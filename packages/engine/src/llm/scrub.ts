// Keeps secrets out of messages: the configured key (and anything shaped like a bearer token or a
// provider key) is replaced before an error is logged, traced or shown.

const KEY_SHAPES = [
  /\b(sk|pk|rk)-[A-Za-z0-9_-]{8,}/g,
  /\bsk-ant-[A-Za-z0-9_-]{8,}/g,
  /(Bearer\s+)[A-Za-z0-9._~+/=-]{8,}/gi,
  /(x-api-key["':\s]+)[A-Za-z0-9._-]{8,}/gi,
];

export function scrubSecrets(text: string, secrets: (string | undefined)[] = []): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 4) out = out.split(s).join('[redacted]');
  for (const re of KEY_SHAPES)
    out = out.replace(re, (m, prefix?: string) =>
      typeof prefix === 'string' && /bearer|x-api-key/i.test(prefix) ? `${prefix}[redacted]` : '[redacted]',
    );
  return out;
}
