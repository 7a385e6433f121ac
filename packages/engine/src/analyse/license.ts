// Pass: the project's licence as an SPDX expression, from the manifests' licence fields
// (package.json, Cargo.toml, pyproject.toml and its classifiers, pom.xml, composer.json) and the
// root LICENSE*/LICENCE*/COPYING*/UNLICENSE texts; several licence files (LICENSE-MIT and
// LICENSE-APACHE) mean a choice, "MIT OR Apache-2.0".

import { baseName, type Sources } from './sources.ts';
import type { LicenseInfo } from './types.ts';

// the GNU family is told apart by the licence named first: each text mentions the others further down
const GNU = /GNU (AFFERO |LESSER |LIBRARY )?GENERAL PUBLIC LICENSE/i;

function gnuLicense(text: string): string | null {
  const m = GNU.exec(text);
  if (!m) return null;
  const kind = (m[1] ?? '').trim().toUpperCase();
  const v3 = /version 3/i.test(text.slice(m.index, m.index + 300));
  if (kind === 'AFFERO') return 'AGPL-3.0';
  if (kind) return v3 ? 'LGPL-3.0' : 'LGPL-2.1';
  return v3 ? 'GPL-3.0' : /version 2/i.test(text.slice(m.index, m.index + 300)) ? 'GPL-2.0' : null;
}

const RULES: [string, (t: string) => boolean][] = [
  ['Apache-2.0', (t) => /Apache License/i.test(t) && /Version 2\.0/i.test(t)],
  ['MPL-2.0', (t) => /Mozilla Public License,? (Version|v\.?) ?2\.0/i.test(t)],
  ['MIT', (t) => /Permission is hereby granted, free of charge/i.test(t)],
  [
    'ISC',
    (t) => /Permission to use, copy, modify, and\/?or distribute this software for any\s+purpose/i.test(t),
  ],
  [
    'BSD-3-Clause',
    (t) =>
      /Redistribution and use in source and binary forms/i.test(t) &&
      /Neither the name|names of its\s+contributors|name of the copyright holder/i.test(t),
  ],
  ['BSD-2-Clause', (t) => /Redistribution and use in source and binary forms/i.test(t)],
  ['Unlicense', (t) => /This is free and unencumbered software released into the public domain/i.test(t)],
  ['CC0-1.0', (t) => /CC0 1\.0 Universal/i.test(t)],
  ['BSL-1.0', (t) => /Boost Software License/i.test(t)],
  ['EPL-2.0', (t) => /Eclipse Public License - v 2\.0/i.test(t)],
  ['EPL-1.0', (t) => /Eclipse Public License - v 1\.0/i.test(t)],
  [
    'Zlib',
    (t) =>
      /This software is provided 'as-is', without any express or implied\s+warranty/i.test(t) &&
      /Altered source versions must be plainly marked/i.test(t),
  ],
];

/** The SPDX id of a licence text, or null when it is not one of the common licences. */
export function identifyLicense(text: string): string | null {
  const gnu = gnuLicense(text);
  if (gnu) return gnu;
  return RULES.find(([, test]) => test(text))?.[0] ?? null;
}

const NAMES: [RegExp, string][] = [
  [/apache/i, 'Apache-2.0'],
  [/^(the\s+)?mit\b|\bexpat\b/i, 'MIT'],
  [/new bsd|modified bsd|revised bsd|bsd[- ]?3|3-clause/i, 'BSD-3-Clause'],
  [/simplified bsd|freebsd|bsd[- ]?2|2-clause/i, 'BSD-2-Clause'],
  [/mozilla|\bmpl\b/i, 'MPL-2.0'],
  [/affero|\bagpl/i, 'AGPL-3.0'],
  [/(lesser|library).*3|lgpl[- ]?v?3/i, 'LGPL-3.0'],
  [/lesser|library general|\blgpl/i, 'LGPL-2.1'],
  [/(general public license|\bgpl).*3/i, 'GPL-3.0'],
  [/(general public license|\bgpl).*2/i, 'GPL-2.0'],
  [/eclipse.*2/i, 'EPL-2.0'],
  [/eclipse/i, 'EPL-1.0'],
  [/^isc\b/i, 'ISC'],
  [/unlicense/i, 'Unlicense'],
  [/cc0|public domain dedication/i, 'CC0-1.0'],
  [/boost/i, 'BSL-1.0'],
];

/**
 * A manifest's licence as an SPDX expression: SPDX ids and expressions are kept (old Cargo's
 * "MIT/Apache-2.0" becomes "MIT OR Apache-2.0"); a name such as "Apache License, Version 2.0" or a
 * trove classifier's "MIT License" becomes its id.
 */
export function normaliseLicense(value: string): string | null {
  const v = value.trim();
  if (!v || /^(UNLICENSED|SEE LICEN[CS]E IN|NONE|NOASSERTION|proprietary)/i.test(v)) return null;
  if (EXPRESSION.test(v.replace(/[()]/g, ''))) {
    return v
      .split('/')
      .map((part) => part.trim())
      .join(' OR ')
      .replace(/\s(or|and|with)\s/g, (m) => m.toUpperCase())
      .replace(/[\w.+-]+/g, (id) =>
        /^(OR|AND|WITH)$/.test(id) || KNOWN.has(id) || /-\d/.test(id) ? id : (nameToId(id) ?? id),
      );
  }
  return nameToId(v);
}

// SPDX ids joined by OR/AND/WITH (or old Cargo's "/"), as opposed to a licence's name
const EXPRESSION = /^[\w.+-]+(?:\s*(?:\/|\s(?:OR|AND|WITH|or|and|with)\s)\s*[\w.+-]+)*$/;
const KNOWN = new Set([
  'MIT',
  'ISC',
  'Unlicense',
  'Zlib',
  'WTFPL',
  '0BSD',
  'BlueOak-1.0.0',
  'Python-2.0',
  'PostgreSQL',
  'OpenSSL',
  'curl',
  'Beerware',
]);

function nameToId(name: string): string | null {
  return NAMES.find(([re]) => re.test(name))?.[1] ?? null;
}

function manifestLicense(src: Sources): LicenseInfo | null {
  for (const name of ['package.json', 'composer.json']) {
    const text = src.text(name);
    if (!text) continue;
    try {
      const pkg = JSON.parse(text) as { license?: unknown; licenses?: unknown };
      const l = pkg.license ?? pkg.licenses;
      const list = (Array.isArray(l) ? l : [l]).map((x) =>
        typeof x === 'string' ? x : typeof x === 'object' && x ? (x as { type?: unknown }).type : undefined,
      );
      const ids = list.filter((x): x is string => typeof x === 'string').map(normaliseLicense);
      if (ids.length && ids.every(Boolean)) return { spdx: ids.join(' OR '), path: name };
    } catch {
      /* not JSON: ignore */
    }
  }
  for (const name of ['Cargo.toml', 'pyproject.toml', 'setup.cfg']) {
    const text = src.text(name);
    if (!text) continue;
    const m = /^[ \t]*license[ \t]*=[ \t]*(?:\{[ \t]*text[ \t]*=[ \t]*)?["']([^"'\n]+)["']/m.exec(text);
    const id = m ? normaliseLicense(m[1]!) : null;
    if (id) return { spdx: id, path: name };
    // Python trove classifiers: one per licence offered
    const classifiers = [...text.matchAll(/License\s*::\s*OSI Approved\s*::\s*([^"'\n]+)/g)]
      .map((c) => c[1]!.trim())
      .filter((c) => !/^BSD License$/i.test(c));
    const ids = [...new Set(classifiers.map(nameToId).filter((x): x is string => x !== null))];
    if (ids.length) return { spdx: ids.join(' OR '), path: name };
  }
  const pom = src.text('pom.xml');
  if (pom) {
    const names = [
      ...(/<licenses>([^]*?)<\/licenses>/.exec(pom)?.[1] ?? '').matchAll(/<name>([^<]+)<\/name>/g),
    ].map((m) => normaliseLicense(m[1]!));
    if (names.length && names.every(Boolean))
      return { spdx: [...new Set(names)].join(' OR '), path: 'pom.xml' };
  }
  return null;
}

const LICENSE_FILE = /^(LICEN[CS]E|COPYING|UNLICENSE)([.-][\w.-]+)?$/i;

export function licensePass(src: Sources): LicenseInfo | null {
  const candidates = src.files
    .filter((f) => !f.path.includes('/') && LICENSE_FILE.test(baseName(f.path)))
    .sort((a, b) => a.path.localeCompare(b.path));
  const ids: string[] = [];
  let path = candidates[0]?.path;
  for (const f of candidates) {
    const text = src.text(f.path);
    const id = text == null ? null : identifyLicense(text);
    if (id && !ids.includes(id)) {
      if (!ids.length) path = f.path;
      ids.push(id);
    }
  }
  // the manifest states the project's own licence expression; files alone cannot tell AND from OR
  const declared = manifestLicense(src);
  if (declared)
    return ids.length === 1 && ids[0] === declared.spdx ? { spdx: declared.spdx, path: path! } : declared;
  if (ids.length) return { spdx: ids.join(' OR '), path: path! };
  return path ? { spdx: null, path } : null;
}
