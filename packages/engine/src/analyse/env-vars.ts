// Pass: environment variables the code reads (process.env, os.environ/getenv, os.Getenv,
// std::env::var, System.getenv, ENV[...], getenv, Environment.GetEnvironmentVariable) and the keys
// of .env example files.

import { codeText } from './comments.ts';
import { baseName, matchesWithLines, type Sources } from './sources.ts';
import type { EnvVar, FileInfo } from './types.ts';

const PATTERNS: Record<string, RegExp[]> = {
  js: [
    /\bprocess\.env\.([A-Za-z_][A-Za-z0-9_]*)(?:\s*(?:\?\?|\|\|)\s*(['"`])([^'"`\n]*)\2)?/g,
    /\bprocess\.env\[\s*['"]([A-Za-z_][A-Za-z0-9_]*)['"]\s*\](?:\s*(?:\?\?|\|\|)\s*(['"`])([^'"`\n]*)\2)?/g,
    /\bimport\.meta\.env\.([A-Za-z_][A-Za-z0-9_]*)()()/g,
    /\bDeno\.env\.get\(\s*['"]([A-Za-z_]\w*)['"]\s*\)()()/g,
  ],
  py: [
    /\bos\.environ\[\s*['"]([A-Za-z_]\w*)['"]\s*\]()()/g,
    /\bos\.(?:environ\.get|getenv)\(\s*['"]([A-Za-z_]\w*)['"](?:\s*,\s*(['"])([^'"\n]*)\2)?/g,
  ],
  go: [/\bos\.(?:Getenv|LookupEnv)\(\s*"([A-Za-z_]\w*)"\s*\)()()/g],
  rust: [/\benv::var(?:_os)?\(\s*"([A-Za-z_]\w*)"\s*\)()()/g, /\benv!\(\s*"([A-Za-z_]\w*)"\s*\)()()/g],
  java: [/\bSystem\.getenv\(\s*"([A-Za-z_]\w*)"\s*\)()()/g, /\$\{([A-Z_][A-Z0-9_]*)(?::([^}]*))?\}()/g],
  ruby: [
    /\bENV\[\s*['"]([A-Za-z_]\w*)['"]\s*\]()()/g,
    /\bENV\.fetch\(\s*['"]([A-Za-z_]\w*)['"](?:\s*,\s*(['"])([^'"\n]*)\2)?/g,
  ],
  php: [
    /\bgetenv\(\s*['"]([A-Za-z_]\w*)['"]\s*\)()()/g,
    /\$_(?:ENV|SERVER)\[\s*['"]([A-Z_][A-Z0-9_]*)['"]\s*\]()()/g,
    /\benv\(\s*['"]([A-Z_][A-Z0-9_]*)['"](?:\s*,\s*(['"])([^'"\n]*)\2)?/g,
  ],
  cs: [/\bEnvironment\.GetEnvironmentVariable\(\s*"([A-Za-z_]\w*)"\s*\)()()/g],
  c: [/\bgetenv\(\s*"([A-Za-z_]\w*)"\s*\)()()/g],
  shell: [/\$\{([A-Z_][A-Z0-9_]*)(?::?-([^}]*))?\}()/g],
};

const BY_LANGUAGE: Record<string, keyof typeof PATTERNS> = {
  TypeScript: 'js',
  JavaScript: 'js',
  JSX: 'js',
  'Vuejs Component': 'js',
  Svelte: 'js',
  Python: 'py',
  Go: 'go',
  Rust: 'rust',
  Java: 'java',
  Kotlin: 'java',
  Scala: 'java',
  Ruby: 'ruby',
  PHP: 'php',
  'C#': 'cs',
  C: 'c',
  'C++': 'c',
  Dockerfile: 'shell',
  YAML: 'shell',
  'Bourne Shell': 'shell',
  'Bourne Again Shell': 'shell',
};

/** Names that usually hold credentials: their example values are not repeated in the analysis. */
export const SECRET_NAME = /SECRET|TOKEN|PASSWORD|PASSWD|PRIVATE|API_?KEY|CREDENTIAL|AUTH/i;
// limits, durations, switches and public addresses about a secret are not the secret itself
const NOT_A_SECRET =
  /(_TTL(_M?S)?|_S|_MS|_SECONDS|_MINUTES|_HOURS|_DAYS|_LIMIT\w*|_MAX|_MIN|_COUNT|_SIZE|_BYTES|_LENGTH|_ENABLED|_DISABLED|_AUTOCONFIRM|_URL|_URI|_BASE|_HOST|_PORT|_PATH|_FILE|_DIR|_ISSUER|_AUDIENCE|_ALGORITHM)$|(^|_)(MAX|MIN|RATE_LIMIT|LIMIT)_|_PER_/i;

/** True for a variable that likely holds a credential (JWT_SECRET, AI_API_KEY), not its settings. */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name) && !NOT_A_SECRET.test(name);
}

export function isEnvExample(p: string): boolean {
  return /^\.env(\.[\w-]+)?$/.test(baseName(p)) || /^(example|sample)\.env$/.test(baseName(p));
}

// the whole environment handed to a validator: `Schema.parse(process.env)`, `env = process.env`, cleanEnv(process.env, …)
const WHOLE_ENV = /\bprocess\.env\b(?!\s*(?:\.|\[|\?\.))/;
// a key of that validator's schema: `PORT: z.coerce.number().default(3000)`, `DATABASE_URL: str()`, `HOST: optionalUrl`
const SCHEMA_KEY = /^[ \t]*([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)\s*:\s*([A-Za-z_$][\w$]*)(?=[\s.(,]|$)([^\n]*)/gm;

/**
 * Variables declared as the keys of a schema that validates the whole environment (zod, envalid,
 * env-schema…): the code reads them without ever writing `process.env.NAME`.
 */
function schemaVars(file: string, text: string): EnvVar[] {
  if (!WHOLE_ENV.test(text)) return [];
  const out: EnvVar[] = [];
  for (const { m, line } of matchesWithLines(text, SCHEMA_KEY)) {
    // a key needs a schema-like value; `FOO: 'bar'` or `FOO: 1` is a plain object, not a schema
    if (
      !/^(z|zod|v|t|Joi|yup|s|str|num|bool|port|url|host|email|json|optional\w*|required\w*|\w*(Schema|Url|Bool|Int|Number|String))$/.test(
        m[2]!,
      )
    )
      continue;
    const def =
      /\.default\(\s*(?:(['"`])([^'"`\n]*)\1|([\w.+-]+))\s*\)|\bdefault\s*:\s*(?:(['"`])([^'"`\n]*)\4|([\w.+-]+))/.exec(
        m[3]!,
      );
    const value = def ? (def[2] ?? def[3] ?? def[5] ?? def[6]) : undefined;
    out.push({
      name: m[1]!,
      file,
      line,
      ...(value ? { defaultValue: /^\d[\d_]*$/.test(value) ? value.replace(/_/g, '') : value } : {}),
    });
  }
  return out;
}

export function envVarsPass(src: Sources, files: FileInfo[]): EnvVar[] {
  const out: EnvVar[] = [];
  const seen = new Set<string>();
  const add = (v: EnvVar) => {
    const key = `${v.name}\u0000${v.file}\u0000${v.line}`;
    if (seen.has(key)) return;
    seen.add(key);
    if (v.defaultValue !== undefined && (isSecretName(v.name) || v.defaultValue.length > 200))
      delete v.defaultValue;
    out.push(v);
  };
  for (const f of files) {
    if (isEnvExample(f.path)) {
      const text = src.text(f.path);
      if (text == null) continue;
      for (const { m, line } of matchesWithLines(
        text,
        /^[ \t]*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/gm,
      )) {
        const value = m[2]!
          .replace(/\s+#.*$/, '')
          .trim()
          .replace(/^(['"])(.*)\1$/, '$2');
        add({ name: m[1]!, file: f.path, line, ...(value ? { defaultValue: value } : {}) });
      }
      continue;
    }
    const family = f.language ? BY_LANGUAGE[f.language] : undefined;
    if (!family) continue;
    // compose files and CI use ${VAR}; other YAML rarely means the environment
    if (family === 'shell' && f.language === 'YAML' && !/compose|\.github\/workflows|gitlab-ci/.test(f.path))
      continue;
    // a variable named in a comment or docstring is documentation, not a read
    const text = codeText(src, f.path, f.language);
    if (text == null) continue;
    if (family === 'js') for (const v of schemaVars(f.path, text)) add(v);
    for (const re of PATTERNS[family]!) {
      for (const { m, line } of matchesWithLines(text, re)) {
        const def = m[3] || (m[2] && !/^['"`]$/.test(m[2]) ? m[2] : undefined);
        add({ name: m[1]!, file: f.path, line, ...(def ? { defaultValue: def } : {}) });
      }
    }
  }
  return out;
}
