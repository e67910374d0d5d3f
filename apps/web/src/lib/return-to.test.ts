import { describe, expect, it } from 'vitest';
import { safeReturnPath, withReturnTo } from './return-to';

describe('safeReturnPath', () => {
  it('keeps a path on this site, with its query and fragment', () => {
    expect(safeReturnPath('/invite/abc123')).toBe('/invite/abc123');
    expect(safeReturnPath('/lists/42?tab=items#top')).toBe('/lists/42?tab=items#top');
  });

  it.each([
    null,
    '',
    'invite/abc',
    '//evil.example/phish',
    '/\\evil.example',
    '/\t/evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    ' /invite/abc',
  ])('refuses %j (no open redirect)', (raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });

  it('builds the sign-in address that returns there', () => {
    expect(withReturnTo('/login', '/invite/abc')).toBe('/login?next=%2Finvite%2Fabc');
    expect(withReturnTo('/register', null)).toBe('/register');
  });
});
