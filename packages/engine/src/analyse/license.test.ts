import { describe, expect, it } from 'vitest';
import { identifyLicense, licensePass, normaliseLicense } from './license.ts';
import { sourcesFromMap } from './sources.ts';

const MIT =
  'MIT License\n\nCopyright (c) 2017 A\n\nPermission is hereby granted, free of charge, to any person obtaining a copy\nTHE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND\n';
const APACHE =
  '                                 Apache License\n                           Version 2.0, January 2004\n';
const UNLICENSE = 'This is free and unencumbered software released into the public domain.\n';
const GPL3 =
  'GNU GENERAL PUBLIC LICENSE\nVersion 3, 29 June 2007\n...\n13. Use with the GNU Affero General Public License.\n';
const BSD3 =
  'Copyright 2014 Pallets\n\nRedistribution and use in source and binary forms, with or without\nmodification...\n3.  Neither the name of the copyright holder nor the names of its\ncontributors may be used';

describe('identifyLicense()', () => {
  it.each([
    [MIT, 'MIT'],
    [APACHE, 'Apache-2.0'],
    [UNLICENSE, 'Unlicense'],
    [GPL3, 'GPL-3.0'],
    [BSD3, 'BSD-3-Clause'],
    [
      'Redistribution and use in source and binary forms, with or without modification, are permitted',
      'BSD-2-Clause',
    ],
    [
      'ISC License\n\nPermission to use, copy, modify, and/or distribute this software for any\npurpose with or without fee is hereby granted',
      'ISC',
    ],
    ['GNU LESSER GENERAL PUBLIC LICENSE\n                       Version 3, 29 June 2007', 'LGPL-3.0'],
    ['GNU LESSER GENERAL PUBLIC LICENSE\n                       Version 2.1, February 1999', 'LGPL-2.1'],
    ['GNU AFFERO GENERAL PUBLIC LICENSE\nVersion 3, 19 November 2007', 'AGPL-3.0'],
    ['GNU GENERAL PUBLIC LICENSE\nVersion 2, June 1991', 'GPL-2.0'],
    ['Mozilla Public License Version 2.0\n==================================', 'MPL-2.0'],
    ['All rights reserved.', null],
  ])('recognises %#', (text, id) => expect(identifyLicense(text)).toBe(id));
});

describe('normaliseLicense()', () => {
  it.each([
    ['MIT OR Apache-2.0', 'MIT OR Apache-2.0'],
    ['MIT/Apache-2.0', 'MIT OR Apache-2.0'],
    ['Unlicense/MIT', 'Unlicense OR MIT'],
    ['(MIT or Apache-2.0)', '(MIT OR Apache-2.0)'],
    ['Apache License, Version 2.0', 'Apache-2.0'],
    ['The MIT License', 'MIT'],
    ['BSD-3-Clause', 'BSD-3-Clause'],
    ['GPL-2.0-or-later', 'GPL-2.0-or-later'],
    ['UNLICENSED', null],
  ])('%s → %s', (value, id) => expect(normaliseLicense(value)).toBe(id));
});

describe('licensePass()', () => {
  it('takes a dual licence from LICENSE-MIT + UNLICENSE files', () => {
    expect(licensePass(sourcesFromMap({ 'LICENSE-MIT': MIT, UNLICENSE, 'src/main.rs': '' }))).toEqual({
      spdx: 'MIT OR Unlicense',
      path: 'LICENSE-MIT',
    });
  });

  it("prefers the manifest's expression: Cargo's dual licence with LICENSE-APACHE and LICENSE-MIT", () => {
    const src = sourcesFromMap({
      'Cargo.toml': '[package]\nname = "fd-find"\nlicense = "MIT OR Apache-2.0"\n',
      'LICENSE-APACHE': APACHE,
      'LICENSE-MIT': MIT,
    });
    expect(licensePass(src)).toEqual({ spdx: 'MIT OR Apache-2.0', path: 'Cargo.toml' });
  });

  it('keeps the licence file as evidence when the manifest agrees with it', () => {
    const src = sourcesFromMap({
      'pyproject.toml': '[project]\nname = "click"\nlicense = "BSD-3-Clause"\n',
      'LICENSE.txt': BSD3,
    });
    expect(licensePass(src)).toEqual({ spdx: 'BSD-3-Clause', path: 'LICENSE.txt' });
  });

  it('reads pyproject classifiers, pom.xml licences and package.json', () => {
    const classifiers =
      '[project]\nclassifiers = [\n  "License :: OSI Approved :: MIT License",\n  "License :: OSI Approved :: Apache Software License",\n]\n';
    expect(licensePass(sourcesFromMap({ 'pyproject.toml': classifiers }))?.spdx).toBe('MIT OR Apache-2.0');
    const pom =
      '<project><licenses><license><name>Apache License, Version 2.0</name><url>x</url></license></licenses></project>';
    expect(licensePass(sourcesFromMap({ 'pom.xml': pom }))).toEqual({ spdx: 'Apache-2.0', path: 'pom.xml' });
    expect(licensePass(sourcesFromMap({ 'package.json': '{ "license": "ISC" }' }))).toEqual({
      spdx: 'ISC',
      path: 'package.json',
    });
  });

  it('reports an unrecognised licence file with a null id, and nothing when there is none', () => {
    expect(licensePass(sourcesFromMap({ LICENSE: 'All rights reserved.' }))).toEqual({
      spdx: null,
      path: 'LICENSE',
    });
    expect(licensePass(sourcesFromMap({ 'a.ts': '' }))).toBeNull();
  });
});
