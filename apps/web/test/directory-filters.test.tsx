import { describe, expect, it } from 'vitest';
import {
  parseDirectoryFilters,
  writeDirectoryFilters,
} from '../src/features/directory/hooks/use-directory-filters';

describe('directory filters in the URL', () => {
  it('reads categories, country and search text', () => {
    const filters = parseDirectoryFilters(
      new URLSearchParams('categories=climate_action,education&country=ke&q=water'),
    );
    expect(filters).toEqual({
      country: 'KE',
      categories: ['climate_action', 'education'],
      q: 'water',
      verified: false,
      hiring: false,
    });
  });

  it('treats country=all as no country filter and drops malformed values', () => {
    const filters = parseDirectoryFilters(
      new URLSearchParams('country=all&categories=ok_id,Bad-Id,,ok_id'),
    );
    expect(filters).toEqual({
      country: null,
      categories: ['ok_id'],
      q: '',
      verified: false,
      hiring: false,
    });
  });

  it('writes comma-joined categories and removes empty values', () => {
    const next = writeDirectoryFilters(new URLSearchParams('q=old&keep=1'), {
      country: 'PE',
      categories: ['a', 'b'],
      q: '  ',
      verified: false,
      hiring: false,
    });
    expect(next.get('categories')).toBe('a,b');
    expect(next.get('country')).toBe('PE');
    expect(next.has('q')).toBe(false);
    expect(next.get('keep')).toBe('1');
  });
});
