// Pass: what the code itself does about security that users rely on — TLS verification defaults,
// webhook signature checks, clients with elevated database rights, signed cookies, proxy-header trust,
// and which error messages reach the client. Each fact is a line of code to cite, never a guess from a
// library's name; comments are blanked first, so documentation never counts as code.

import { codeText } from './comments.ts';
import { matchesWithLines, type Sources } from './sources.ts';
import type { FileInfo, SecurityFact, SecurityFactKind } from './types.ts';

interface Rule {
  kind: SecurityFactKind;
  re: RegExp;
  /** What the match says, from its groups: the header name, the call, the setting's default. */
  detail?: (m: RegExpExecArray) => string | undefined;
  /** A further check of a match that a regular expression cannot make in linear time. */
  accept?: (m: RegExpExecArray) => boolean;
  /** Texts of which every match holds one: a text holding none of them is not searched. */
  hints?: string[];
}

const RULES: Rule[] = [
  // the classes a Django project authenticates logins with, by their last name
  {
    kind: 'auth-backends',
    re: /\bAUTHENTICATION_BACKENDS\s*=\s*\[([^\]]*)\]/g,
    detail: (m) =>
      [...m[1]!.matchAll(/["']([\w.]+)["']/g)].map((x) => x[1]!.split('.').pop()!).join(', ') || undefined,
  },
  // a view guarded by the framework's own access checks: a decorator (`@login_required`,
  // `@permission_required`, Spring's `@PreAuthorize`) or a mixin among a class view's bases
  {
    kind: 'access-guard',
    re: /^[ \t]*@(?:\w+\.){0,3}(login_required|permission_required|user_passes_test|staff_member_required|PreAuthorize|Secured|RolesAllowed)\b|^class[ \t]+\w+\(([^)\n]*\b(?:LoginRequired|PermissionRequired|UserPassesTest)Mixin\b[^)\n]*)\)/gm,
    detail: (m) => m[1] ?? /\b(\w+Mixin)\b/.exec(m[2] ?? '')?.[1],
    hints: [
      'login_required',
      'permission_required',
      'user_passes_test',
      'staff_member_required',
      'PreAuthorize',
      'Secured',
      'RolesAllowed',
      'Mixin',
    ],
  },
  // an API key read from a request header: the check that lets a machine client in
  {
    kind: 'api-key-header',
    re: /\b(?:headers|META)\s*(?:\.get\(\s*|\[\s*)["'](X-Api-Key|HTTP_X_API_KEY|X-API-KEY)["']|["'](X-Api-Key|X-API-KEY)["']\s+in\s+\w+\.headers\b/gi,
    detail: (m) => m[1] ?? m[2],
  },
  // an HTTP client that verifies certificates unless told not to: `self.verify = True`, `verify: bool = True`
  // (the text between the name and `=` is checked in code: nothing, or a type annotation)
  {
    kind: 'tls-verify-default',
    re: /\b(self\.)?verify\b([^=\n]{0,60})=[ \t]*True\b/g,
    detail: (m) => `${m[1] ?? ''}verify = True`,
    accept: (m) => !m[2]!.trim() || m[2]!.trimStart().startsWith(':'),
  },
  // verification switched off in product code
  {
    kind: 'tls-verify-off',
    re: /\b(InsecureSkipVerify\s*:\s*true|rejectUnauthorized\s*:\s*false|verify\s*=\s*False|NODE_TLS_REJECT_UNAUTHORIZED\s*=\s*['"]0)/g,
    detail: (m) => m[1]!.replace(/\s+/g, ' '),
  },
  // the CA bundle the client trusts when none is given
  {
    kind: 'ca-bundle',
    re: /\b(certifi\.where\(\)|DEFAULT_CA_BUNDLE_PATH|load_verify_locations)\b/g,
    detail: (m) => m[1],
  },
  // an incoming webhook whose signature is checked before the event is trusted
  {
    kind: 'webhook-signature',
    re: /\b((?:webhooks?\.)?constructEvent(?:Async)?|verifyWebhook\w*|verify_webhook\w*|validateWebhook\w*|Webhook\(\s*[\w.]+\s*\)\.verify)\s*\(/g,
    detail: (m) => m[1],
  },
  // a database client built with a key that bypasses row-level security
  {
    kind: 'elevated-client',
    re: /\b(\w*SERVICE_ROLE\w*|\w+_SERVICE_KEY|serviceRoleKey|service_role_key)\b/g,
    hints: ['SERVICE_ROLE', '_SERVICE_KEY', 'serviceRoleKey', 'service_role_key'],
    detail: (m) => m[1],
  },
  // cookies signed with keys the application is given (`keys: this.app.keys`, `new Keygrip(keys)`)
  {
    kind: 'signed-cookies',
    re: /\b(keys\s*:\s*(?:this\.)?(?:app\.)?keys\b|new\s+Keygrip\s*\(|cookieParser\(\s*[\w.'"]|app\.secret_key\s*=)/g,
    // an error message that names the call (`'cookieParser("secret") required'`) signs nothing
    accept: (m) => !insideString(m),
    detail: (m) => m[1]!.replace(/\s+/g, ' '),
  },
  // the switch that decides whether forwarded headers are believed, with its default
  {
    kind: 'proxy-switch',
    re: /\b((?:this|app)\.proxy[ \t]*=[^\n;|]*\|\|[ \t]*(false|true)|app\.set\(\s*['"]trust proxy['"]|ProxyFix\(|SECURE_PROXY_SSL_HEADER\s*=|USE_X_FORWARDED_HOST\s*=)/g,
    detail: (m) => m[2] ?? m[1]!.replace(/\s+/g, ' '),
  },
  // client address, scheme or host taken from a proxy's headers
  {
    kind: 'forwarded-header',
    re: /['"](?:HTTP_)?(X[-_]Forwarded[-_](?:For|Proto|Host)|X[-_]Real[-_]IP)['"]/gi,
    detail: (m) => headerName(m[1]!),
  },
  // error messages shown to the client only for errors marked safe to expose
  { kind: 'error-exposure', re: /\b\w+\.expose\s*\?\s*\w+\.message\b/g, hints: ['.expose'] },
];

/** `HTTP_X_FORWARDED_FOR` → `X-Forwarded-For`, as the header is written on the wire. */
function headerName(raw: string): string {
  return raw
    .split(/[-_]/)
    .map((w) => (/^ip$/i.test(w) ? 'IP' : w[0]!.toUpperCase() + w.slice(1).toLowerCase()))
    .join('-');
}

// a read of a forwarded header next to the switch that decides whether to trust it (`proxy && get(…)`)
const GUARD_WINDOW = 3;
const PROXY_WORD = /\bproxy\b/i;

// the entry a forwarded list is read for, a few lines after the read: its last, the proxy's own
const LAST_HOP_WINDOW = 6;
const LAST_ENTRY =
  /\[\s*[\w$]+\.length\s*-\s*1\s*\]|\.at\(\s*-1\s*\)|\.pop\(\)|\[-1\]|\[len\([\w.]+\)\s*-\s*1\]/;
// a runtime adapter for one hosting platform: `src/adapter/vercel/conninfo.ts`, `adapters/netlify/…`
const PLATFORM_ADAPTER = /(?:^|\/)adapters?\/([\w.-]+)\//;

const CODE = /\.(py|[cm]?[jt]sx?|go|rs|java|kt|rb|php|cs)$/;

/**
 * The function of a file whose doc comment marks it deprecated for trusting what a client can forge
 * (`// Deprecated: RealIP is vulnerable to IP spoofing …`), with the names it points to instead
 * (`[ClientIPFromXFF]`, `` `ClientIPFromXFF` ``).
 */
export function spoofDeprecation(text: string): SecurityFact['deprecated'] {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!/^\s*(?:\/\/|\*|#)\s*(?:@deprecated|Deprecated:)/i.test(lines[i]!)) continue;
    // the rest of the comment block, down to what it documents
    let j = i;
    const note: string[] = [];
    while (j < lines.length && /^\s*(?:\/\/|\*|#)/.test(lines[j]!)) note.push(lines[j++]!);
    const said = note.join(' ');
    if (!/spoof|forge|untrusted|vulnerab/i.test(said)) continue;
    const name =
      /^\s*(?:func(?:\s*\([^)]*\))?|def|function|(?:export\s+)?(?:async\s+)?function|(?:pub\s+)?fn)\s+(\w+)/.exec(
        lines[j] ?? '',
      )?.[1];
    if (!name) continue;
    const instead = [...new Set([...said.matchAll(/\[(\w+)\]|`(\w+)`/g)].map((m) => (m[1] ?? m[2])!))].filter(
      (n) => n !== name && /^[A-Za-z_]\w*$/.test(n),
    );
    return { name, line: j + 1, note: i + 1, instead };
  }
  return undefined;
}

// a check that the request comes through a proxy the code trusts, made before the header is read:
// `if (!trust(this.connection.remoteAddress, 0)) return proto`, `if isTrustedProxyClient {`
const TRUST_CHECK_WINDOW = 8;
const TRUST_WORD = /trust|proxy/i;
const CONDITION = /\bif\b|&&|\?|\bwhen\b|\bunless\b/;

/**
 * The line of a trust check on the read's line or the few above it, in the same function, or right
 * after it, where the value read is dropped unless the check passes (`if (!val || !trust(addr)) return`).
 */
export function trustCheckAbove(text: string, line: number): number | undefined {
  const lines = text.split('\n');
  const isCheck = (l: string) => {
    const code = l.replace(/(['"`])(?:\\.|(?!\1).)*\1/g, '""');
    return TRUST_WORD.test(code) && CONDITION.test(code);
  };
  for (let i = line; i < Math.min(lines.length, line + 3); i++) if (isCheck(lines[i]!)) return i + 1;
  for (let i = line - 1; i >= Math.max(0, line - 1 - TRUST_CHECK_WINDOW); i--) {
    if (isCheck(lines[i]!)) return i + 1;
    // the function's own head: a check above it belongs to another
    if (i < line - 1 && /^\s*(?:func|def|function|fn)\b|\bfunction\b[^(\n]{0,60}\(/.test(lines[i]!))
      return undefined;
  }
  return undefined;
}

/**
 * The `if` a line sits under, by the nearest line above it with less indentation: the option that
 * turns a check off (`if r.ignoreTLSErrors {` → `r.ignoreTLSErrors`).
 */
export function enclosingCondition(
  text: string,
  line: number,
): { condition: string; line: number } | undefined {
  const lines = text.split('\n');
  const indent = (l: string) => /^\s*/.exec(l)![0].replace(/\t/g, '    ').length;
  let depth = indent(lines[line - 1] ?? '');
  for (let i = line - 2; i >= 0 && i >= line - 40; i--) {
    const l = lines[i]!;
    if (!l.trim()) continue;
    const d = indent(l);
    if (d >= depth) continue;
    const head = l.trim().replace(/^\}[ \t]*else[ \t]+/, '');
    if (/^if\b/.test(head)) {
      let condition = head.slice(2).trim().replace(/[{:]$/, '').trim();
      if (condition.startsWith('(') && condition.endsWith(')')) condition = condition.slice(1, -1).trim();
      if (condition && condition.length <= 60 && !/[{}]/.test(condition)) return { condition, line: i + 1 };
    }
    // a block that is no condition (a struct literal, a function) ends the search at its level
    if (/^\s*(?:func|def|function|fn|class)\b/.test(l)) return undefined;
    depth = d;
  }
  return undefined;
}

/** Whether a match sits inside a string literal on its line: an odd count of one quote before it. */
export function insideString(m: RegExpExecArray): boolean {
  const start = m.input.lastIndexOf('\n', m.index) + 1;
  const before = m.input.slice(start, m.index);
  return ["'", '"', '`'].some((q) => before.split(q).length % 2 === 0);
}

/** The top-level function (Python `def`, JS/TS `function`) a line sits in, by the nearest one above it at the margin. */
function topLevelFunction(text: string, line: number): string | undefined {
  const lines = text.split('\n');
  for (let i = line - 1; i >= 0; i--) {
    const m = /^(?:async\s+)?(?:def|function|export\s+(?:async\s+)?function)\s+(\w+)/.exec(lines[i]!);
    if (m) return m[1];
    // another top-level statement first: the line is not in a function
    if (i < line - 1 && /^(?:class|const|let|var|import|from)\b/.test(lines[i]!)) return undefined;
  }
  return undefined;
}

export function securityFactsPass(src: Sources, files: FileInfo[]): SecurityFact[] {
  const out: SecurityFact[] = [];
  for (const f of files) {
    // only the product's code: tests and examples exercise these switches, they do not ship them
    if ((f.role && f.role !== 'product') || !CODE.test(f.path)) continue;
    const text = codeText(src, f.path, f.language);
    if (!text) continue;
    for (const rule of RULES) {
      if (rule.hints && !rule.hints.some((h) => text.includes(h))) continue;
      for (const { m, line } of matchesWithLines(text, rule.re)) {
        if (rule.accept && !rule.accept(m)) continue;
        const detail = rule.detail?.(m);
        const guarded =
          rule.kind === 'forwarded-header' &&
          text
            .split('\n')
            .slice(Math.max(0, line - GUARD_WINDOW), line)
            .some((l) => PROXY_WORD.test(l.replace(/['"][^'"\n]*['"]/g, '')));
        const trustCheck =
          rule.kind === 'forwarded-header' && !guarded ? trustCheckAbove(text, line) : undefined;
        const onlyWhen = rule.kind === 'tls-verify-off' ? enclosingCondition(text, line) : undefined;
        const deprecated =
          rule.kind === 'forwarded-header' ? spoofDeprecation(src.text(f.path) ?? '') : undefined;
        const forwarded = rule.kind === 'forwarded-header';
        const lastHop =
          forwarded &&
          LAST_ENTRY.test(
            text
              .split('\n')
              .slice(line - 1, line - 1 + LAST_HOP_WINDOW)
              .join('\n'),
          );
        const platform = forwarded ? PLATFORM_ADAPTER.exec(f.path)?.[1] : undefined;
        const within = rule.kind === 'api-key-header' ? topLevelFunction(text, line) : undefined;
        out.push({
          kind: rule.kind,
          file: f.path,
          line,
          ...(detail ? { detail } : {}),
          ...(guarded ? { guarded } : {}),
          ...(trustCheck ? { trustCheck } : {}),
          ...(onlyWhen ? { onlyWhen } : {}),
          ...(deprecated ? { deprecated } : {}),
          ...(lastHop ? { lastHop } : {}),
          ...(platform ? { platform } : {}),
          ...(within ? { within } : {}),
        });
      }
    }
  }
  return out;
}
