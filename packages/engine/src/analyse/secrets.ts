// Pass: likely hard-coded secrets. Findings carry a masked value only; the raw values are returned
// separately so the caller can scrub them from every other field and then drop them.

import { codeText } from './comments.ts';
import { matchesWithLines, type Sources } from './sources.ts';
import type { FileInfo, SecretFinding } from './types.ts';

interface Rule {
  kind: string;
  re: RegExp;
  /** Capture group holding the secret (0 = whole match). */
  group: number;
  check?: (value: string) => boolean;
  /** A distinctive token format: reported wherever it appears, comments and docs included. */
  token?: boolean;
}

const PLACEHOLDER =
  /^(x+|\*+|\.+|<[^>]*>|\$\{?[\w.]+\}?|%\(?\w+\)?s?|\{\{[^}]*\}\})$|your[_-]|change[_-]?me|example|placeholder|dummy|redacted|sample|process\.env|os\.environ|getenv/i;

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
  { kind: 'AWS access key', token: true, re: /\b((?:AKIA|ASIA|AGPA|AIDA|AROA)[0-9A-Z]{16})\b/g, group: 1 },
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

export function secretsPass(src: Sources, files: FileInfo[]): SecretsResult {
  const findings: SecretFinding[] = [];
  const raw = new Set<string>();
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
    for (const rule of RULES) {
      for (const { m, line } of matchesWithLines(rule.token ? text : code, rule.re)) {
        const value = m[rule.group]!;
        if (rule.check && !rule.check(value)) continue;
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
