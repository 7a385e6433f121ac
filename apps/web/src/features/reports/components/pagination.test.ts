// The page-button window keeps at most 5 buttons and the current page inside.
import { describe, expect, it } from 'vitest';
import { pageParams, pageWindow, readPageParams, showsPerPage } from './pagination.tsx';

describe('pageWindow', () => {
  it('shows every page when there are few', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
  });
  it('centres the current page among 5', () => {
    expect(pageWindow(6, 12)).toEqual([4, 5, 6, 7, 8]);
  });
  it('stays inside the range at both ends', () => {
    expect(pageWindow(1, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(12, 12)).toEqual([8, 9, 10, 11, 12]);
  });
});

describe('page parameters in the address', () => {
  it('reads page and per_page, falling back to page 1 and 10 per page', () => {
    const none = { q: '', status: '' };
    expect(readPageParams(new URLSearchParams('page=3&per_page=50'))).toEqual({
      page: 3,
      perPage: 50,
      ...none,
    });
    expect(readPageParams(new URLSearchParams(''))).toEqual({ page: 1, perPage: 10, ...none });
    expect(readPageParams(new URLSearchParams('page=0&per_page=7'))).toEqual({
      page: 1,
      perPage: 10,
      ...none,
    });
    expect(readPageParams(new URLSearchParams('page=2.5&per_page=abc'))).toEqual({
      page: 1,
      perPage: 10,
      ...none,
    });
  });
  it('reads the search and a known status, dropping an unknown one', () => {
    expect(readPageParams(new URLSearchParams('q=billing&status=failed'))).toMatchObject({
      q: 'billing',
      status: 'failed',
    });
    expect(readPageParams(new URLSearchParams('status=sleeping')).status).toBe('');
  });
  it('keeps search and status in the address, before the page', () => {
    expect(pageParams(1, 10, { q: ' billing ', status: 'completed' }).toString()).toBe(
      'q=billing&status=completed',
    );
    expect(pageParams(2, 5, { q: '', status: '' }).toString()).toBe('page=2&per_page=5');
  });
  it('writes both, leaving the defaults out', () => {
    expect(pageParams(2, 5).toString()).toBe('page=2&per_page=5');
    expect(pageParams(1, 50).toString()).toBe('page=1&per_page=50');
    expect(pageParams(1, 10).toString()).toBe('');
  });
  it('offers the per-page choice above 5 reports', () => {
    expect(showsPerPage(5)).toBe(false);
    expect(showsPerPage(6)).toBe(true);
  });
});
