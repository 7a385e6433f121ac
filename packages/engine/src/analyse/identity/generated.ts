// Files the team did not write although they sit among its sources: stylesheets compiled from the
// SCSS/Less/Stylus the repository also holds or that its build writes, bundles and minified files,
// copies of third-party libraries, fonts converted to SVG. Ingest already skips what is obvious from
// a name or the first bytes (dist/, *.min.js, one-line bundles); these need the repository around them.

import { baseName, dirName, type Sources } from '../sources.ts';
import type { NonProductRole } from '../types.ts';

export interface GeneratedFile {
  path: string;
  role: Extract<NonProductRole, 'generated' | 'vendored'>;
  /** What gave it away: the source it was compiled from, the build that writes it, its marker. */
  why: string;
}

const STYLE_SOURCE = /\.(scss|sass|less|styl)$/i;
const STYLESHEET = /\.css$/i;
const SCRIPT = /\.(js|mjs|cjs)$/i;
// a command compiling style sources into CSS, or bundling JavaScript into one file
const STYLE_COMPILER = /^(sass|node-sass|dart-sass|lessc|stylus)$/i;
const BUNDLER = /^(esbuild|rollup|webpack|browserify|parcel|uglifyjs|terser|vite|tsup|ncc)$/i;
// what runs a package's command ("npx sass …", "cross-env NODE_ENV=production webpack …")
const RUNNER = /^(npx|pnpm|yarn|bunx|exec|dlx|cross-env|[A-Z_]+=.*)$/;
// a Maven plugin compiling styles: libsass-maven-plugin, lesscss-maven-plugin, sass-maven-plugin…
const STYLE_PLUGIN = /sass|scss|less|stylus/i;
// a preserved "/*! Name v1.2.3 (https://…) */" banner, which builds copy to the top of what they emit
const BANNER = /\/\*!\s*\**\s*([A-Za-z][\w .-]*?)\s+v?(\d+\.\d+(?:\.\d+)?)\b[^]*?\*\//;
const BANNER_SOURCE = /https?:\/\/|copyright|\(c\)|licen[cs]e/i;

const stem = (p: string) => baseName(p).replace(/\.[^.]*$/, '');
const letters = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');

/** Paths (files or folders) a build file names as the output of a style compiler or a bundler. */
function buildOutputs(src: Sources): string[] {
  const out: string[] = [];
  const add = (from: string, p: string) => {
    const clean = p
      .trim()
      .replace(/^\$\{(?:project\.)?basedir\}\//, '')
      .replace(/^\.\//, '')
      .replace(/\/+$/, '');
    if (clean && !clean.includes('${')) out.push(dirName(from) ? `${dirName(from)}/${clean}` : clean);
  };
  for (const f of src.files) {
    const name = baseName(f.path);
    if (name === 'pom.xml') {
      // Maven: <outputPath>, <outputDirectory>… inside a plugin that compiles styles (libsass, less…)
      for (const plugin of (src.text(f.path) ?? '').match(/<plugin>[\s\S]*?<\/plugin>/g) ?? []) {
        const id = /<artifactId>([^<]*)<\/artifactId>/.exec(plugin)?.[1] ?? '';
        if (!STYLE_PLUGIN.test(id)) continue;
        for (const m of plugin.matchAll(/<(output\w*|destination\w*)>([^<]+)<\/\1>/gi)) add(f.path, m[2]!);
      }
    } else if (name === 'package.json') {
      let scripts: unknown;
      try {
        scripts = (JSON.parse(src.text(f.path) ?? '{}') as { scripts?: unknown }).scripts;
      } catch {
        continue;
      }
      if (!scripts || typeof scripts !== 'object') continue;
      for (const cmd of Object.values(scripts as Record<string, unknown>)) {
        if (typeof cmd !== 'string') continue;
        for (const step of cmd.split(/&&|\|\||;|\|/)) {
          const words = step.trim().split(/\s+/);
          const at = words.findIndex((w) => !RUNNER.test(w));
          const command = baseName(words[at] ?? '');
          const styles = STYLE_COMPILER.test(command);
          if (!styles && !BUNDLER.test(command)) continue;
          words.slice(at + 1).forEach((w, i, args) => {
            const flag = /^--?(?:o|out|outfile|out-file|output|outdir|out-dir|dir)(?:=(.+))?$/.exec(w);
            if (flag) add(f.path, flag[1] ?? args[i + 1] ?? '');
            // sass in.scss out.css, sass src/scss:public/css
            else if (styles && !w.startsWith('-')) {
              const pair = /^([^:]+\.(?:scss|sass|less|styl)|[^:]+):([^:]+)$/.exec(w);
              if (pair) add(f.path, pair[2]!);
              else if (STYLESHEET.test(w)) add(f.path, w);
            }
          });
        }
      }
    }
  }
  return out;
}

/** One line holding most of a file of some size: minified, whatever its name. */
function minified(text: string): boolean {
  if (text.length < 1000) return false;
  let longest = 0;
  for (const line of text.split('\n')) longest = Math.max(longest, line.length);
  return longest * 5 >= text.length * 4;
}

/** The generated or vendored files among the analysed sources, with the reason for each. */
/** The style sources that compile to a CSS file of their name, by that name (partials such as _vars.scss do not). */
export function styleSourcesOf(paths: string[]): Map<string, string> {
  return new Map(
    paths
      .filter((p) => STYLE_SOURCE.test(p) && !baseName(p).startsWith('_'))
      .map((p) => [stem(p).toLowerCase(), p]),
  );
}

/** The style source a stylesheet was compiled from, when the repository holds one. */
export function styleSourceOf(p: string, styleSources: Map<string, string>): string | undefined {
  return STYLESHEET.test(p) ? styleSources.get(stem(p).toLowerCase()) : undefined;
}

export function generatedFiles(src: Sources): GeneratedFile[] {
  const paths = src.files.map((f) => f.path);
  const styleSources = styleSourcesOf(paths);
  const outputs = buildOutputs(src);
  const written = (p: string) => outputs.some((o) => p === o || p.startsWith(`${o}/`));
  const out: GeneratedFile[] = [];
  for (const p of paths) {
    const css = STYLESHEET.test(p);
    if (!css && !SCRIPT.test(p) && !/\.svg$/i.test(p)) continue;
    const text = src.text(p);
    if (text === null) continue;
    const hit = (role: GeneratedFile['role'], why: string) => out.push({ path: p, role, why });
    if (/\.svg$/i.test(p)) {
      // an SVG font: glyph outlines a converter wrote out of a font file
      if (/<font-face\b/.test(text.slice(0, 4096)) && /<glyph\b/.test(text)) hit('generated', 'SVG font');
      continue;
    }
    const source = styleSourceOf(p, styleSources);
    if (source) {
      hit('generated', `compiled from ${source}`);
      continue;
    }
    if (written(p)) {
      hit('generated', 'written by the build');
      continue;
    }
    if (/[#@]\s*sourceMappingURL=/.test(text.slice(-1000))) {
      hit('generated', 'carries a source map reference');
      continue;
    }
    const banner = BANNER.exec(text.slice(0, 4096));
    if (banner && BANNER_SOURCE.test(banner[0])) {
      // a copy of the library the banner names is vendored; anything else that carries it was built with it
      const lib = letters(banner[1]!.split(/\s+/)[0]!);
      const own = letters(
        stem(p)
          .replace(/[-.]\d.*$/, '')
          .replace(/[.-]min$/, ''),
      );
      if (lib.length >= 3 && own.startsWith(lib)) hit('vendored', `a copy of ${banner[1]} ${banner[2]}`);
      else hit('generated', `compiled with ${banner[1]} ${banner[2]}`);
      continue;
    }
    if (minified(text)) hit('generated', 'minified');
  }
  return out;
}
