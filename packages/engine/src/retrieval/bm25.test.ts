import { describe, expect, it } from 'vitest';
import { Bm25Index } from './bm25.ts';
import { extractComments } from './documents.ts';
import { tokenize } from './tokenize.ts';

describe('tokenize', () => {
  it('splits camelCase, snake_case, kebab-case and paths, drops stop words and stems', () => {
    expect(tokenize('getUserAccounts')).toEqual(['user', 'account']);
    expect(tokenize('user_accounts-service/HTTPServer.ts')).toEqual([
      'user',
      'account',
      'servic',
      'http',
      'server',
      'ts',
    ]);
    expect(tokenize('The loans of the members')).toEqual(['loan', 'member']);
  });
});

describe('Bm25Index', () => {
  const index = new Bm25Index([
    {
      id: 'src/services/loan-service.ts',
      fields: [
        { text: 'src services loan service', weight: 3 },
        { text: 'listOpenLoans lendBook returnBook', weight: 2 },
      ],
    },
    {
      id: 'src/services/book-service.ts',
      fields: [
        { text: 'src services book service', weight: 3 },
        { text: 'listBooks createBook', weight: 2 },
      ],
    },
    {
      id: 'src/middleware/auth.ts',
      fields: [
        { text: 'src middleware auth', weight: 3 },
        { text: 'requireAuth', weight: 2 },
        { text: 'verifies the bearer token', weight: 1 },
      ],
    },
  ]);

  it('ranks the file whose path and symbols match the query first', () => {
    const hits = index.search('Loan Management');
    expect(hits[0]!.id).toBe('src/services/loan-service.ts');
    expect(hits[0]!.matched).toContain('loan');
    expect(index.search('bearer tokens')[0]!.id).toBe('src/middleware/auth.ts');
  });

  it('returns nothing when no term occurs', () => {
    expect(index.search('quantum chromodynamics')).toEqual([]);
  });
});

describe('extractComments', () => {
  it('keeps comment text from several comment syntaxes and ignores code', () => {
    const text = [
      '// Loads the catalogue',
      'const x = 1;',
      '# import books from csv',
      ' * paginates results',
      'let y = "// not a comment";',
    ].join('\n');
    expect(extractComments(text)).toEqual([
      'Loads the catalogue',
      'import books from csv',
      'paginates results',
    ]);
  });
});
