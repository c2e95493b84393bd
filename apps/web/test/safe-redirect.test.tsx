import { describe, expect, it } from 'vitest';
import { originFromState, safeRedirectPath } from '../src/lib/safe-redirect';

describe('safeRedirectPath', () => {
  it('keeps paths of this site, with their query and hash', () => {
    expect(safeRedirectPath('/')).toBe('/');
    expect(safeRedirectPath('/dashboard/settings')).toBe('/dashboard/settings');
    expect(safeRedirectPath('/organizations/abc/edit?new=1#logo')).toBe(
      '/organizations/abc/edit?new=1#logo',
    );
    expect(safeRedirectPath('/a/../dashboard')).toBe('/dashboard');
  });

  it.each([
    ['another host, protocol-relative', '//evil.example'],
    ['another host, three slashes', '///evil.example'],
    ['a backslash the browser reads as a slash', '/\\evil.example'],
    ['a backslash later on', '/foo\\..\\\\evil.example'],
    ['a tab the URL parser drops', '/\t/evil.example'],
    ['a newline the URL parser drops', '/\n/evil.example'],
    ['an absolute URL', 'https://evil.example/dashboard'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', 'dashboard'],
    ['an empty string', ''],
    ['a scheme-like path', ' /dashboard'],
  ])('refuses %s', (_label, value) => {
    expect(safeRedirectPath(value)).toBeNull();
  });

  it('refuses anything that is not a string', () => {
    expect(safeRedirectPath(undefined)).toBeNull();
    expect(safeRedirectPath(null)).toBeNull();
    expect(safeRedirectPath({ pathname: '/dashboard' })).toBeNull();
    expect(safeRedirectPath(['/dashboard'])).toBeNull();
  });

  it('keeps a percent-encoded slash as part of the path (it never leaves the site)', () => {
    const path = safeRedirectPath('/%2F%2Fevil.example');
    expect(path).toBe('/%2F%2Fevil.example');
    expect(new URL(path ?? '', 'https://scaling.example').host).toBe('scaling.example');
  });
});

describe('originFromState', () => {
  it('reads { from } and falls back to / for anything unsafe or missing', () => {
    expect(originFromState({ from: '/dashboard' })).toBe('/dashboard');
    expect(originFromState({ from: '//evil.example' })).toBe('/');
    expect(originFromState({ message: 'hi' })).toBe('/');
    expect(originFromState(null)).toBe('/');
    expect(originFromState('/dashboard')).toBe('/');
  });
});
