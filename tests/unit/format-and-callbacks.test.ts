import { describe, expect, it } from 'vitest';
import { safeCallbackPath } from '@/lib/auth/landing';
import { formatDate } from '@/lib/format';

describe('formatDate', () => {
  it('writes dd/mm/yyyy in Europe/Rome', () => {
    // 23:30 UTC on 31 July is already 1 August in Rome (UTC+2 in summer).
    expect(formatDate(new Date('2026-07-31T23:30:00Z'))).toBe('01/08/2026');
    expect(formatDate('2026-07-31T23:30:00Z')).toBe('01/08/2026');
    // Winter: UTC+1.
    expect(formatDate(new Date('2026-12-31T22:59:00Z'))).toBe('31/12/2026');
    expect(formatDate(new Date('2026-12-31T23:00:00Z'))).toBe('01/01/2027');
    expect(formatDate(new Date('2026-03-05T10:00:00Z'))).toBe('05/03/2026');
  });

  it('shows 01/01/1970 for an invalid or missing date, as the legacy product did', () => {
    expect(formatDate('non una data')).toBe('01/01/1970');
    expect(formatDate(new Date(Number.NaN))).toBe('01/01/1970');
    expect(formatDate(null)).toBe('01/01/1970');
    expect(formatDate(undefined)).toBe('01/01/1970');
  });
});

describe('safeCallbackPath', () => {
  it('keeps a path of this site, with its query', () => {
    expect(safeCallbackPath('/clienti?x=1')).toBe('/clienti?x=1');
    expect(safeCallbackPath('/preventivo/abc')).toBe('/preventivo/abc');
  });

  it('refuses anything that could lead to another site', () => {
    expect(safeCallbackPath('//evil.example')).toBeNull();
    expect(safeCallbackPath('//evil.example/clienti')).toBeNull();
    expect(safeCallbackPath('/\\evil')).toBeNull();
    expect(safeCallbackPath('https://evil.example')).toBeNull();
    expect(safeCallbackPath('javascript:alert(1)')).toBeNull();
    expect(safeCallbackPath('clienti')).toBeNull();
  });

  it('refuses what is not a string', () => {
    expect(safeCallbackPath(undefined)).toBeNull();
    expect(safeCallbackPath(null)).toBeNull();
    expect(safeCallbackPath(42)).toBeNull();
    expect(safeCallbackPath(['/clienti'])).toBeNull();
  });
});
