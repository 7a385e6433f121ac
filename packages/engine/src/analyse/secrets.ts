// Pass: likely hard-coded secrets. Findings carry a masked value only; the raw values are returned
// separately so the caller can scrub them from every other field and then drop them.

import { codeText } from './comments.ts';
import { hiddenDefaultOf, isEnvExample, isPublicName, isSecretName } from './env-vars.ts';
import { baseName, matchesWithLines, type Sources } from './sources.ts';
import type { EnvVar, FileInfo, SecretFinding } from './types.ts';

interface Rule {
  kind: string;
  re: RegExp;
  /** Capture group holding the secret (0 = whole match). */
  group: number;
  check?: (value: string) => boolean;
  /** A distinctive token format: reported wherever it appears, comments and docs included. */
  token?: boolean;
  /** Texts of which every match holds one: a text holding none of them is not searched. */
  hints?: string[];
}

const PLACEHOLDER =
  /^(x+|\*+|\.+|<[^>]*>|\$\{?[\w.]+\}?|%\(?\w+\)?s?|\{\{[^}]*\}\})$|your[_-]|change[_-]?me|example|placeholder|dummy|redacted|sample|process\.env|os\.environ|getenv|^env\(\w+\)$|fix[_-]?me/i;

export function shannonEntropy(s: string): number {
  const counts = new Map<string, number>();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) {
    const p = n / s.length;
    h -= p * Math.log2(p);
  }
  return h;
}

const RULES: Rule[] = [
  {
    kind: 'AWS access key',
    token: true,
    re: /\b((?:AKIA|ASIA|AGPA|AIDA|AROA)[0-9A-Z]{16})\b/g,
    group: 1,
    hints: ['AKIA', 'ASIA', 'AGPA', 'AIDA', 'AROA'],
  },
  {
    kind: 'AWS secret key',
    re: /aws_?secret_?(?:access_?)?key\w*['"]?\s*[:=]\s*['"]?([A-Za-z0-9/+=]{40})\b/gi,
    group: 1,
  },
  {
    kind: 'Private key',
    token: true,
    re: /-----BEGIN (?:RSA |EC |DSA |OPENSSH |PGP |ENCRYPTED )?PRIVATE KEY(?: BLOCK)?-----[^-]*?(?=-----END|$)/g,
    group: 0,
  },
  {
    kind: 'GitHub token',
    token: true,
    re: /\b((?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b/g,
    group: 1,
  },
  { kind: 'Slack token', token: true, re: /\b(xox[abposr]-[A-Za-z0-9-]{10,})/g, group: 1 },
  {
    kind: 'Slack webhook',
    token: true,
    re: /(https:\/\/hooks\.slack\.com\/services\/[A-Za-z0-9/]{20,})/g,
    group: 1,
  },
  { kind: 'Stripe secret key', token: true, re: /\b((?:sk|rk)_live_[0-9a-zA-Z]{20,})/g, group: 1 },
  { kind: 'Google API key', token: true, re: /\b(AIza[0-9A-Za-z_-]{35})\b/g, group: 1 },
  {
    kind: 'JSON Web Token',
    re: /\b(eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,})\b/g,
    group: 1,
  },
  // the key a session or cookie signer is handed as a literal (`secret: 'keyboard cat'`): whatever it
  // says, whoever reads it can sign what the application trusts
  {
    kind: 'Hard-coded signing secret',
    re: /\b(?:secret|session[_-]?secret|cookie[_-]?secret|secret[_-]?key(?:[_-]?base)?)["']?[ \t]*(?::|=(?!=))[ \t]*["']([^"'`\n]{6,100})["']/gi,
    group: 1,
    check: (v) =>
      !PLACEHOLDER.test(v) &&
      !/^(?:secret|password|changeme|change[_-]?(?:me|this))$/i.test(v) &&
      !/[{}$%]/.test(v),
  },
  {
    kind: 'Generic secret',
    re: /(?:api[_-]?key|apikey|secret(?:[_-]?key)?|access[_-]?token|auth[_-]?token|client[_-]?secret|passw(?:or)?d|private[_-]?key)["']?\s*(?::=|=>|[:=])\s*["'`]([^"'`\s]{12,200})["'`]/gi,
    group: 1,
    check: (v) => !PLACEHOLDER.test(v) && shannonEntropy(v) >= 3.5 && /\d/.test(v) && /[A-Za-z]/.test(v),
  },
];

/** At most the first 4 and last 4 characters, never more than a third of the value. */
export function maskSecret(value: string): string {
  const show = Math.min(4, Math.floor(value.length / 6));
  if (show === 0) return '*'.repeat(Math.min(value.length, 8));
  return `${value.slice(0, show)}${'*'.repeat(Math.min(value.length - 2 * show, 16))}${value.slice(-show)}`;
}

export interface SecretsResult {
  findings: SecretFinding[];
  /** Raw values, for scrubbing other passes' output; never put these in the analysis. */
  raw: string[];
}

// an env file meant to be copied (`.env.example`, `.env.sample`, `example.env`) holds placeholders
const ENV_TEMPLATE = /example|sample|template|dist|defaults|tpl/i;
// the env files that hold one machine's or production's values and are meant to stay out of git
const PRIVATE_ENV = /^\.env(\.local|\.[\w-]+\.local|\.prod(uction)?)?$/;

/**
 * A committed private env file that sets a credential: one finding per file, naming its sensitive
 * keys. One that sets only plain settings (`TERMINAL_WIDTH=3000`, read by an editor's test runner)
 * holds nothing to rotate.
 */
function committedEnvFile(path: string, text: string): SecretFinding | null {
  if (!PRIVATE_ENV.test(baseName(path))) return null;
  const set = text
    .split('\n')
    .map((l, i) => ({ ...assignedValue(l), line: i + 1 }))
    .filter((a): a is { name: string; value: string; line: number } => !!a.name);
  if (!set.length) return null;
  const line = set[0]!.line;
  // a credential's name set to a word put there to be replaced (`SECRET_KEY=changethis`) or to another
  // variable (`${POSTGRES_PASSWORD}`) holds no secret
  const placeholder = (v: string) =>
    !/[A-Za-z0-9]/.test(v) || SAMPLE_WORD.test(v) || SAMPLE_PART.test(v) || /^\$\{?\w+\}?$/.test(v);
  const sensitive = set.filter((a) => isSecretName(a.name) && !placeholder(a.value)).map((a) => a.name);
  // a value shaped like a key (long, mixed letters and digits, random-looking, one unbroken token) is
  // one whatever its name; words with a space between (`Lorem {$VAR1} ${VAR2} ipsum`) are text, and an
  // address (`http://localhost:8000`, `/var/run/app.sock`) is none
  const keyLike = set.some(
    (a) =>
      a.value.length >= 16 &&
      !/\s/.test(a.value) &&
      !/:\/\/|^[./~]/.test(a.value) &&
      /\d/.test(a.value) &&
      /[A-Za-z]/.test(a.value) &&
      shannonEntropy(a.value) >= 3.5,
  );
  if (!sensitive.length && !keyLike) return null;
  return {
    kind: 'Committed .env file',
    file: path,
    line,
    masked: `${set.length} value${set.length === 1 ? '' : 's'} set`,
    ...(sensitive.length ? { variable: sensitive.slice(0, 5).join(', ') } : {}),
  };
}

/**
 * `NAME=value` (optionally `export`ed, the value optionally quoted) with a value set: not empty, not
 * only a comment. Read line by line with a bounded prefix match, so a long line costs its length once.
 */
function assignedValue(line: string): { name: string; value: string } | null {
  const head = /^[ \t]*(?:export[ \t]+)?([A-Za-z_]\w*)[ \t]*=[ \t]*/.exec(line);
  if (!head) return null;
  let value = line.slice(head[0].length).trimEnd();
  const quote = value[0];
  if ((quote === '"' || quote === "'") && value.length > 1 && value.endsWith(quote))
    value = value.slice(1, -1);
  if (!value || /^[\s'"#]/.test(value)) return null;
  return { name: head[1]!, value };
}

/** Lines of an env file that assign a public variable (NEXT_PUBLIC_…): the browser sees those values anyway. */
function publicLines(text: string): Set<number> {
  const out = new Set<number>();
  text.split('\n').forEach((l, i) => {
    const name = /^[ \t]*(?:export[ \t]+)?([A-Za-z_]\w*)[ \t]*=/.exec(l)?.[1];
    if (name && isPublicName(name)) out.add(i + 1);
  });
  return out;
}

// a value everyone knows: a word put there to be replaced, a stock password, or a value with no letter
// or digit (`---`, `***`)
const SAMPLE_WORD =
  /^(secret|password|passwd|pass|changeme|change[_-]?it|dev|development|test|testing|default|admin|root|local|demo|sample|example|placeholder|dummy|key|token|none|empty|todo|xxx+)$/i;
const SAMPLE_PART =
  /change[_-]?(?:me|this)|replace[_-]?(?:me|this)|fix[_-]?me|insecure|placeholder|example|dummy|your[_-]/i;

/**
 * Words the project publishes itself: its README, compose files and env templates (a sample
 * password shown there is public), and the names of its own folders (the project's name).
 */
function publishedWords(src: Sources, files: FileInfo[]): { text: string; names: Set<string> } {
  const names = new Set<string>();
  const texts: string[] = [];
  for (const f of files) {
    for (const part of f.path.split('/').slice(0, -1)) names.add(part.toLowerCase());
    const b = baseName(f.path);
    const published =
      /^readme(\.\w+)?$/i.test(b) ||
      /^(docker-)?compose(\.[\w-]+)?\.ya?ml$/.test(b) ||
      (isEnvExample(f.path) && ENV_TEMPLATE.test(b));
    if (published) texts.push(src.text(f.path) ?? '');
  }
  return { text: texts.join('\n'), names };
}

/** True for a fallback no one would mistake for a credential: a placeholder or the project's public sample value. */
export function isSampleValue(value: string, published: { text: string; names: Set<string> }): boolean {
  if (!/[A-Za-z0-9]/.test(value) || SAMPLE_WORD.test(value) || SAMPLE_PART.test(value)) return true;
  if (published.names.has(value.toLowerCase())) return true;
  // a random-looking key shown in the README too is leaked twice, not a sample
  if (value.length >= 16 && shannonEntropy(value) >= 3.5) return false;
  // the same value written next to a name or key in the README or a compose file (`PASSWORD=petclinic`)
  const shown = new RegExp(
    `[=:]\\s*['"]?${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"]?(?![\\w-])`,
    'm',
  );
  return shown.test(published.text);
}

/** A literal a sensitive variable falls back to in the code: used in production whenever the variable is unset. */
function fallbackSecrets(
  envVars: EnvVar[],
  raw: Set<string>,
  published: { text: string; names: Set<string> },
): SecretFinding[] {
  const out: SecretFinding[] = [];
  for (const v of envVars) {
    const value = hiddenDefaultOf(v);
    // a switch or a number is a setting, not a credential
    if (!value || /^(true|false|none|null|nil|undefined|-?\d+)$/i.test(value)) continue;
    const sample = isSampleValue(value, published);
    // a weak value (`---`, `petclinic`) is also an ordinary word elsewhere: only a real-looking key is scrubbed
    if (!sample && value.length >= 12 && shannonEntropy(value) >= 3) raw.add(value);
    out.push({
      kind: sample ? PLACEHOLDER_FALLBACK : 'Hard-coded fallback secret',
      file: v.file,
      line: v.line,
      masked: maskSecret(value),
      variable: v.name,
    });
  }
  return out;
}

/** The kind of a fallback that is a placeholder or public sample value: to override, not to rotate. */
export const PLACEHOLDER_FALLBACK = 'Placeholder fallback secret';
/** The kind of a placeholder a shipped sample env file gives a credential (`SECRET_KEY=---`). */
export const PLACEHOLDER_SAMPLE = 'Placeholder secret in a sample env file';

// Keys the product signs or encrypts with (Django's and Flask's SECRET_KEY, Rails' SECRET_KEY_BASE,
// Laravel's APP_KEY, a JWT or session secret) and passwords the product itself checks (an admin
// login): a public value of one lets anyone forge what it signs or sign in. A service's secret key
// (`STRIPE_SECRET_KEY`) and a password the product presents to a database, cache or mail server are
// neither: a placeholder there only makes the call fail, or works against a service set up with the
// same sample value, which is that service's deployment to secure.
const SIGNING_KEY =
  /^((DJANGO|FLASK|RAILS|APP|SITE|WEB)_)?(SECRET_KEY|SECRET_KEY_BASE)$|^APP_(KEY|SECRET)$|^(\w+_)?(JWT_(SECRET|KEY|SECRET_KEY|SIGNING_KEY)|SESSION_(SECRET|KEY)|COOKIE_(SECRET|KEY)|SIGNING_(SECRET|KEY)|ENCRYPTION_KEY|HMAC_(SECRET|KEY)|TOKEN_SECRET)$|^(NEXT)?AUTH_SECRET$/i;
const LOGIN_PASSWORD = /^(\w+_)?(ADMIN|SUPERUSER|BASIC_AUTH)_(PASS|PASSWD|PASSWORD)$/i;

/** What a public value of the variable gives away: what the product signs with it, its own login, or nothing. */
export function productKeyRole(name: string): 'signing' | 'login' | null {
  if (SIGNING_KEY.test(name)) return 'signing';
  if (LOGIN_PASSWORD.test(name)) return 'login';
  return null;
}

/** A placeholder is no leaked credential: it is to be refused or overridden, never rotated. */
export const isPlaceholderKind = (kind: string) =>
  kind === PLACEHOLDER_FALLBACK || kind === PLACEHOLDER_SAMPLE;

/**
 * Credentials a sample env file meant to be copied (`.env.example`) sets to a placeholder: whoever
 * copies it as is runs on that value, so the product should refuse it, not only an unset variable.
 * An empty value is no placeholder (the variable reads as unset) and a real-looking key is left to
 * the token rules.
 */
function samplePlaceholders(path: string, text: string): SecretFinding[] {
  const out: SecretFinding[] = [];
  for (const { m, line } of matchesWithLines(text, /^[ \t]*(?:export[ \t]+)?([A-Za-z_]\w*)[ \t]*=(.*)$/gm)) {
    const name = m[1]!;
    const comment = m[2]!.search(/\s#/);
    const value = (comment < 0 ? m[2]! : m[2]!.slice(0, comment)).trim().replace(/^(['"])(.*)\1$/, '$2');
    if (!value || !isSecretName(name)) continue;
    if (!/[A-Za-z0-9]/.test(value) || SAMPLE_WORD.test(value) || SAMPLE_PART.test(value))
      out.push({ kind: PLACEHOLDER_SAMPLE, file: path, line, masked: value, variable: name });
  }
  return out;
}

export function secretsPass(src: Sources, files: FileInfo[], envVars: EnvVar[] = []): SecretsResult {
  const raw = new Set<string>();
  const findings: SecretFinding[] = fallbackSecrets(envVars, raw, publishedWords(src, files));
  for (const f of files) {
    if (
      /(^|\/)(package-lock\.json|yarn\.lock|pnpm-lock\.yaml|Cargo\.lock|go\.sum|poetry\.lock|composer\.lock)$/.test(
        f.path,
      )
    )
      continue;
    const text = src.text(f.path);
    if (text == null) continue;
    // a password or key assignment shown in a comment, docstring or README is an example; only a
    // distinctive token format is worth reporting from there
    const code = codeText(src, f.path, f.language) ?? text;
    const envFile = isEnvExample(f.path);
    const committed = envFile && !ENV_TEMPLATE.test(baseName(f.path)) ? committedEnvFile(f.path, text) : null;
    if (committed) findings.push(committed);
    if (envFile && ENV_TEMPLATE.test(baseName(f.path))) findings.push(...samplePlaceholders(f.path, text));
    const skip = envFile ? publicLines(text) : new Set<number>();
    for (const rule of RULES) {
      const searched = rule.token ? text : code;
      if (rule.hints && !rule.hints.some((h) => searched.includes(h))) continue;
      for (const { m, line } of matchesWithLines(searched, rule.re)) {
        const value = m[rule.group]!;
        if (rule.check && !rule.check(value)) continue;
        if (skip.has(line)) continue;
        if (isFormatSample(value) || inPlaceholder(searched, m.index! + m[0].indexOf(value))) continue;
        raw.add(value);
        const masked =
          rule.kind === 'Private key'
            ? `${/-----BEGIN [A-Z ]+-----/.exec(value)![0]} (key body hidden)`
            : maskSecret(value);
        findings.push({ kind: rule.kind, file: f.path, line, masked });
        // a private key body is many lines: scrub each line of it too
        if (rule.kind === 'Private key')
          for (const l of value.split('\n')) if (l.trim().length >= 16) raw.add(l.trim());
      }
    }
  }
  return { findings, raw: [...raw] };
}

/**
 * A value that shows a credential's shape with its body zeroed or crossed out
 * (`https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX`): a sample of the
 * format, not a credential.
 */
export function isFormatSample(value: string): boolean {
  const body = value.replace(/^https?:\/\/[^/]+\//, '').replace(/^[a-z]{2,6}[_-]/i, '');
  const chars = body.replace(/[^A-Za-z0-9]/g, '');
  const filler = chars.replace(/[^0Xx]/g, '').length;
  return chars.length >= 8 && filler / chars.length >= 0.6;
}

/** Whether the text at `at` is the value of a form field's placeholder (`placeholder="…"`, `placeholder: '…'`). */
function inPlaceholder(text: string, at: number): boolean {
  const before = text.slice(Math.max(0, at - 40), at);
  return /\bplaceholder[ \t]*[=:][ \t]*(?:\{[ \t]*)?["'`]$/i.test(before);
}

/** Replaces every raw secret in every string of a JSON-like value with its masked form. */
export function scrubSecrets<T>(value: T, raw: string[]): T {
  if (raw.length === 0) return value;
  const sorted = [...raw].sort((a, b) => b.length - a.length);
  const fix = (s: string) => {
    for (const r of sorted) if (s.includes(r)) s = s.split(r).join(maskSecret(r));
    return s;
  };
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return fix(v);
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) v[i] = walk(v[i]);
      return v;
    }
    if (v && typeof v === 'object') {
      for (const k of Object.keys(v))
        (v as Record<string, unknown>)[k] = walk((v as Record<string, unknown>)[k]);
      return v;
    }
    return v;
  };
  return walk(value) as T;
}
