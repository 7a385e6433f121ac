// Pass: the project's licence as an SPDX id, from the LICENSE text or the manifest's field.

import { baseName, type Sources } from './sources.ts';
import type { LicenseInfo } from './types.ts';

const RULES: [string, (t: string) => boolean][] = [
  ['AGPL-3.0', (t) => /GNU AFFERO GENERAL PUBLIC LICENSE/i.test(t)],
  ['LGPL-3.0', (t) => /GNU LESSER GENERAL PUBLIC LICENSE/i.test(t) && /Version 3/i.test(t)],
  ['LGPL-2.1', (t) => /GNU LESSER GENERAL PUBLIC LICENSE|GNU LIBRARY GENERAL PUBLIC LICENSE/i.test(t)],
  ['GPL-3.0', (t) => /GNU GENERAL PUBLIC LICENSE/i.test(t) && /Version 3/i.test(t)],
  ['GPL-2.0', (t) => /GNU GENERAL PUBLIC LICENSE/i.test(t) && /Version 2/i.test(t)],
  ['Apache-2.0', (t) => /Apache License/i.test(t) && /Version 2\.0/i.test(t)],
  ['MPL-2.0', (t) => /Mozilla Public License,? (Version|v\.?) ?2\.0/i.test(t)],
  ['MIT', (t) => /Permission is hereby granted, free of charge/i.test(t) && /WITHOUT WARRANTY OF ANY KIND/i.test(t)],
  ['ISC', (t) => /Permission to use, copy, modify, and\/?or distribute this software for any purpose/i.test(t)],
  ['BSD-3-Clause', (t) => /Redistribution and use in source and binary forms/i.test(t) && /Neither the name|names of its contributors/i.test(t)],
  ['BSD-2-Clause', (t) => /Redistribution and use in source and binary forms/i.test(t)],
  ['Unlicense', (t) => /This is free and unencumbered software released into the public domain/i.test(t)],
  ['CC0-1.0', (t) => /CC0 1\.0 Universal/i.test(t)],
  ['BSL-1.0', (t) => /Boost Software License/i.test(t)],
  ['EPL-2.0', (t) => /Eclipse Public License - v 2\.0/i.test(t)],
];

export function identifyLicense(text: string): string | null {
  return RULES.find(([, test]) => test(text))?.[0] ?? null;
}

export function licensePass(src: Sources): LicenseInfo | null {
  const candidates = src.files.filter((f) => !f.path.includes('/') && /^(LICEN[CS]E|COPYING|UNLICENSE)([.-][\w.-]+)?$/i.test(f.path));
  for (const f of candidates) {
    const text = src.text(f.path);
    if (text == null) continue;
    return { spdx: identifyLicense(text), path: f.path };
  }
  // no licence file: the root manifest may still declare one
  for (const name of ['package.json', 'composer.json']) {
    const text = src.text(name);
    if (!text) continue;
    try {
      const l = (JSON.parse(text) as { license?: unknown }).license;
      if (typeof l === 'string') return { spdx: l, path: name };
    } catch {
      /* not JSON: ignore */
    }
  }
  for (const name of ['Cargo.toml', 'pyproject.toml']) {
    const m = /^\s*license\s*=\s*(?:\{\s*text\s*=\s*)?["']([^"']+)["']/m.exec(src.text(name) ?? '');
    if (m) return { spdx: m[1]!, path: name };
  }
  return candidates.length ? { spdx: null, path: candidates[0]!.path } : null;
}

export { baseName };
