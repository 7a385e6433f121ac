import { describe, expect, it } from 'vitest';
import {
  findPurpose,
  firstSentence,
  plainInline,
  proseParagraphs,
  readmeTitle,
  sentenceFromDescription,
  taglineQuote,
} from './purpose.ts';

const readme = (text: string) => ({ path: 'README.md', text });

describe('purpose from the README', () => {
  it('takes a tagline that only names the kind ("… Go web framework.") over the prose after it', () => {
    const text = [
      '[![release](https://img.shields.io/badge/release.svg)](https://example.com)',
      '',
      '## Hop',
      '',
      'High performance, extensible, minimalist Go web framework.',
      '',
      "Hop is built on Go's standard net/http, adding a fast router and centralized error handling.",
    ].join('\n');
    expect(findPurpose(readme(text), undefined, 'hop')).toEqual({
      text: 'High performance, extensible, minimalist Go web framework.',
      source: { path: 'README.md', line: 5 },
    });
    // a sentence that only ends on such a word says something else
    const other = [
      '# hop',
      '',
      'The first line installs everything and starts the app.',
      '',
      'Hop is built on net/http.',
    ];
    expect(findPurpose(readme(other.join('\n')), undefined, 'hop')?.text).toBe('Hop is built on net/http.');
  });

  it('takes a sentence that names the kind over one that only says where the project runs', () => {
    const text = [
      '# pino',
      '[![npm version](https://img.shields.io/npm/v/pino)](https://www.npmjs.com/package/pino)',
      '',
      '[Very low overhead](#low-overhead) JavaScript logger.',
      '',
      '## Runtimes',
      '',
      'Pino is built to run on [Node.js](http://nodejs.org).',
    ].join('\n');
    const description = { text: 'super fast, all natural json logger', path: 'package.json', line: 4 };
    expect(findPurpose(readme(text), description, 'pino')).toEqual({
      text: 'Very low overhead JavaScript logger.',
      source: { path: 'README.md', line: 4 },
    });
    // where no sentence names a kind, the manifest's description says more than where it runs
    const plain = text.replace('[Very low overhead](#low-overhead) JavaScript logger.', '');
    expect(findPurpose(readme(plain), description, 'pino')?.text).toBe(
      'pino is a super fast, all natural json logger.',
    );
    // a noun phrase naming a solution, however many words lead it
    const zu =
      'A small, fast and scalable bearbones state-management solution using simplified flux principles.';
    expect(findPurpose(readme(zu), undefined, 'zustand')?.text).toBe(zu);
  });

  it('takes "the … way to build …" with the kind the next sentence names, never a sentence about another project', () => {
    const text = [
      '# Bubble Tea',
      '',
      '<p><img src="https://example.com/logo.png"></p>',
      '',
      'The fun, functional and stateful way to build terminal apps. A Go framework',
      'based on [The Elm Architecture][elm]. Bubble Tea is well-suited for simple and',
      'complex terminal applications.',
      '',
      '## By the way',
      '',
      'Be sure to check out [Bubbles][bubbles], a library of common UI components for Bubble Tea.',
    ].join('\n');
    expect(findPurpose(readme(text), undefined, 'bubbletea')).toEqual({
      text: 'The fun, functional and stateful way to build terminal apps. A Go framework based on The Elm Architecture.',
      source: { path: 'README.md', line: 5 },
    });
    // without the tagline, the sentence about Bubbles, "a library of …", is not taken for this project's
    const other = text.split('\n').slice(8).join('\n');
    expect(findPurpose(readme(other), undefined, 'bubbletea')).toBeNull();
  });

  it('takes the tagline quoted under the title over later prose, but not a note or a later quote', () => {
    const text = [
      '<div align="center">',
      '  <img src="logo.svg" alt="hop">',
      '</div>',
      '',
      '> Hop is a tiny HTTP client based on the [Fetch API](https://example.com)',
      '',
      'Hop targets browsers and Node.js.',
      '',
      "It's just a tiny package with no dependencies.",
    ].join('\n');
    expect(findPurpose(readme(text), undefined, 'hop')).toEqual({
      text: 'Hop is a tiny HTTP client based on the Fetch API.',
      source: { path: 'README.md', line: 5 },
    });
    const note = [
      '# hop',
      '',
      '> [!NOTE]',
      '> Hop is a library that is deprecated.',
      '',
      'Hop is a tiny HTTP client.',
    ];
    expect(findPurpose(readme(note.join('\n')), undefined, 'hop')?.text).toBe('Hop is a tiny HTTP client.');
    const late = [
      '# hop',
      '',
      'Hop fetches things for you.',
      '',
      '## Thanks',
      '',
      '> Hop is a great library.',
    ];
    expect(findPurpose(readme(late.join('\n')), undefined, 'hop')).toBeNull();
  });

  it('skips badges, HTML logos and headings, and cites the line of the first prose sentence', () => {
    const text = [
      '<p align="center">',
      '  <img src="logo.png" alt="Widget">',
      '</p>',
      '',
      '# widget',
      '',
      '[![NPM Version][npm-version-image]][npm-url] [![Build](https://github.com/a/b/actions/workflows/ci.yml/badge.svg)](https://github.com/a/b)',
      '',
      'Widget is a tiny library for parsing [dates](https://example.com) in the browser. It has no dependencies.',
    ].join('\n');
    expect(findPurpose(readme(text), undefined, 'widget')).toEqual({
      text: 'Widget is a tiny library for parsing dates in the browser.',
      source: { path: 'README.md', line: 9 },
    });
  });

  it('skips announcements, notices, tables of contents and lead-ins that end with a colon', () => {
    const text = [
      "We're excited to announce the release of Widget 3.0, read more on the blog.",
      '',
      '> **Note:** the old API is deprecated.',
      '',
      '## Table of Contents',
      '- [Install](#install)',
      '- [Usage](#usage)',
      '',
      'See the presentation here:',
      '[Slides](https://example.com/slides)',
      '',
      'Widget is a command-line tool that renames files in bulk.',
    ].join('\n');
    expect(findPurpose(readme(text), undefined, 'widget')?.text).toBe(
      'Widget is a command-line tool that renames files in bulk.',
    );
  });

  it('never returns a fragment: an unfinished first paragraph falls back to the manifest description, made a sentence', () => {
    const text = 'because it contains most of their features and\n\n```sh\nnpm i widget\n```\n';
    const desc = { text: 'Widget web app framework', path: 'package.json', line: 4 };
    expect(findPurpose(readme(text), desc, 'Widget')).toEqual({
      text: 'Widget is a web app framework.',
      source: { path: 'package.json', line: 4 },
    });
  });

  it('prefers the README sentence that says what the project is over a bare description', () => {
    const desc = { text: 'Composable command line interface toolkit', path: 'pyproject.toml', line: 4 };
    const text =
      '# Click\n\nClick is a Python package for creating beautiful command line interfaces\nin a composable way. It is configurable.\n';
    expect(findPurpose(readme(text), desc, 'click')?.text).toBe(
      'Click is a Python package for creating beautiful command line interfaces in a composable way.',
    );
  });

  it('keeps a manifest description that is already a sentence', () => {
    expect(sentenceFromDescription('fd is a simple, fast and user-friendly alternative to find.', 'fd')).toBe(
      'fd is a simple, fast and user-friendly alternative to find.',
    );
    expect(sentenceFromDescription('Composable command line interface toolkit', 'click')).toBe(
      'click is a composable command line interface toolkit.',
    );
    expect(
      sentenceFromDescription(
        'Easily generate .docx files with a declarative API. Works for Node and on the Browser.',
        'docx',
      ),
    ).toBe('Easily generate .docx files with a declarative API.');
  });

  it('a description naming the source code of something says what the repository holds', () => {
    expect(sentenceFromDescription('Source code to djangoproject.com', 'djangoproject-com')).toBe(
      'djangoproject-com holds the source code to djangoproject.com.',
    );
    expect(sentenceFromDescription('The code behind example.org', 'site')).toBe(
      'site holds the code behind example.org.',
    );
  });

  it('does not cut a sentence at "node.js" or "e.g."', () => {
    expect(
      firstSentence('Expressive middleware for node.js to make APIs, e.g. REST ones, enjoyable. More text.'),
    ).toBe('Expressive middleware for node.js to make APIs, e.g. REST ones, enjoyable.');
    expect(firstSentence('a fragment without an end')).toBeNull();
    expect(firstSentence('⚡ Bolt is a fast web framework for Go. It is small.')).toBe(
      'Bolt is a fast web framework for Go.',
    );
  });

  it('ends a sentence that leads into a list at its colon, without the word that opens the list', () => {
    expect(
      firstSentence('acme/cli is a simple package for building command line tools in Go featuring:'),
    ).toBe('acme/cli is a simple package for building command line tools in Go.');
    // the list finishes the clause: nothing whole is said before it
    expect(firstSentence('Widget is a library that supports:')).toBeNull();
    expect(firstSentence('The main features are:')).toBeNull();
    const text =
      '# Welcome to acme/cli\n\nacme/cli is a small package for building command line tools featuring:\n\n- commands\n- flags\n';
    expect(findPurpose({ path: 'README.md', text }, undefined, 'acme-cli')).toEqual({
      text: 'acme/cli is a small package for building command line tools.',
      source: { path: 'README.md', line: 3 },
    });
  });

  it('leaves fenced code, tables and HTML blocks out of the prose', () => {
    const paras = proseParagraphs(
      '```\nWidget is code.\n```\n| a | b |\n|---|---|\n<div>\nWidget is hidden.\n</div>\n\nWidget is prose here.\n',
    );
    expect(paras.map((p) => p.text)).toEqual(['Widget is prose here.']);
  });
});

describe('descriptions made sentences', () => {
  it("keeps the description's spelling of the name and a verb after a colon", () => {
    expect(
      sentenceFromDescription('ATR — AI Technical Reports: turns a code base into a report', 'atr'),
    ).toBe('ATR turns a code base into a report.');
    expect(sentenceFromDescription('Fast and low overhead web framework, for Node.js', 'fastify')).toBe(
      'fastify is a fast and low overhead web framework, for Node.js.',
    );
  });

  it('does not take a sentence about something else as the purpose', () => {
    const text = '<br />\n\nAn efficient server implies a lower cost of the infrastructure.\n';
    const desc = { text: 'Fast web framework', path: 'package.json', line: 3 };
    expect(findPurpose({ path: 'README.md', text }, desc, 'fastify')?.text).toBe(
      'fastify is a fast web framework.',
    );
    expect(findPurpose({ path: 'README.md', text }, undefined, 'fastify')).toBeNull();
  });
});

describe('reStructuredText READMEs', () => {
  it('takes a bold tagline over an installation note that says "This is a … module"', () => {
    const text = [
      '<a href="https://example.com/"><img alt="Logo" src="logo.svg"></a>',
      '',
      '**Fast, minimalist web framework for [Node.js](https://nodejs.org).**',
      '',
      '## Installation',
      '',
      'This is a Node.js module available through the npm registry.',
    ].join('\n');
    const desc = { text: 'Fast, minimalist web framework', path: 'package.json', line: 3 };
    expect(findPurpose(readme(text), desc, 'widget')).toEqual({
      text: 'Fast, minimalist web framework for Node.js.',
      source: { path: 'README.md', line: 3 },
    });
    // with nothing above the instructions, the description made a sentence still beats the note
    const bare = text.split('\n').slice(4).join('\n');
    expect(findPurpose(readme(bare), desc, 'widget')?.text).toBe(
      'widget is a fast, minimalist web framework.',
    );
    expect(findPurpose(readme(bare), undefined, 'widget')?.text).toBe(
      'This is a Node.js module available through the npm registry.',
    );
  });

  it('skips image directives and their options', () => {
    const text =
      'Widget\n======\n\n.. image:: https://img.shields.io/pypi/v/widget.svg\n    :target: https://pypi.org/project/widget\n\nWidget is a library for drawing widgets.\n';
    expect(findPurpose({ path: 'README.rst', text }, undefined, 'widget')).toEqual({
      text: 'Widget is a library for drawing widgets.',
      source: { path: 'README.rst', line: 7 },
    });
  });
});

describe('the README title, when no manifest says what the project is', () => {
  it('reads the first level-one heading without its badges, links or HTML', () => {
    expect(readmeTitle('<p align="center"><img src="x.png"></p>\n\n# Healthchecks\n\n## Setup\n')).toEqual({
      text: 'Healthchecks',
      line: 3,
    });
    expect(readmeTitle('# [Widget](https://w.io) [![CI](https://b/badge.svg)](https://b)\n')?.text).toBe(
      'Widget',
    );
    expect(readmeTitle('<h1 align="center">Acme Shop</h1>\n')?.text).toBe('Acme Shop');
    expect(readmeTitle('Widget\n======\n\nText.\n')?.text).toBe('Widget');
    expect(readmeTitle('```\n# not a title\n```\n## Section\n')).toBeNull();
    expect(readmeTitle('# Introduction\n\nText.\n\n# Acme Shop\n')?.text).toBe('Acme Shop');
    expect(readmeTitle('# Welcome to acme/tool\n\nText.\n')?.text).toBe('acme/tool');
  });

  it('finds an identity sentence in the opening sections, not in the setup steps', () => {
    const text = [
      '# Acme Billing',
      '',
      '> [!WARNING]',
      '> Sunset.',
      '',
      '## Features',
      '',
      'Invoices are sent every month.',
      '',
      'Reminders go out after a week.',
      '',
      'Payments are matched nightly.',
      '',
      '## About',
      '',
      'A small billing service for Acme customers.',
      '',
      '## Step-by-step setup',
      '',
      'When deploying this template, the sequence of steps is important.',
    ].join('\n');
    expect(findPurpose(readme(text), undefined, undefined)).toEqual({
      text: 'Acme Billing is a small billing service for Acme customers.',
      source: { path: 'README.md', line: 16 },
    });
  });

  it('falls back to a title that names a kind of thing, never to a setup step or a bare name', () => {
    const text =
      '# Next.js Subscription Payments Starter\n\n## Setup\n\nWhen deploying this template, the sequence of steps is important.\n';
    expect(findPurpose(readme(text), undefined, undefined)).toEqual({
      text: 'The project is a Next.js Subscription Payments Starter.',
      source: { path: 'README.md', line: 1 },
    });
    expect(findPurpose(readme('# Healthchecks\n\n## Setup\n\nRun it.\n'), undefined, undefined)).toBeNull();
  });
});

describe('markup in purpose sentences', () => {
  it('keeps the text of shortcut reference links', () => {
    expect(plainInline('Flask is a lightweight [WSGI] web application framework.')).toBe(
      'Flask is a lightweight WSGI web application framework.',
    );
    expect(
      findPurpose(
        readme(
          'Flask is a lightweight [WSGI] web application framework.\n\n[WSGI]: https://wsgi.readthedocs.io/\n',
        ),
        undefined,
        'flask',
      )?.text,
    ).toBe('Flask is a lightweight WSGI web application framework.');
  });
});

describe('a README whose prose starts with the instructions', () => {
  const readme = [
    '# ![Example App](project-logo.png)',
    '',
    '> ### Example Node (Express + Prisma) codebase containing real world examples (CRUD, auth) that adheres to the RealWorld API spec.',
    '',
    '## Getting Started',
    '',
    'This project depends on some environment variables.',
    '',
    'Here are the required ones:',
    '',
    '```',
    'JWT_SECRET=',
    '```',
  ].join('\n');

  it('takes the quoted heading under the title as the tagline', () => {
    expect(taglineQuote(readme, 'shop')?.text).toMatch(
      /^shop is an example Node \(Express \+ Prisma\) codebase/,
    );
  });

  it('never takes a paragraph that introduces a list or code block as the purpose', () => {
    const noTagline = readme.replace(/^> .*$/m, '');
    expect(findPurpose({ path: 'README.md', text: noTagline }, undefined, 'shop')?.text ?? '').not.toMatch(
      /required ones/,
    );
  });
});
