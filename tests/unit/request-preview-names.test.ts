import { describe, expect, it } from 'vitest';
import { languageName, nationName } from '@/lib/requests/preview';

describe('the request preview’s names', () => {
  it('reads a language code as its Italian name', () => {
    expect(languageName('de')).toBe('Tedesco');
    expect(languageName('it')).toBe('Italiano');
    expect(languageName('EN')).toBe('Inglese');
  });

  it('keeps a code nobody knows as it was sent', () => {
    expect(languageName('qq-zz-weird')).toBe('qq-zz-weird');
    expect(languageName('qq')).toBe('qq');
  });

  it('reads an ISO nation code as its Italian name and keeps a name as it is', () => {
    expect(nationName('DE')).toBe('Germania');
    expect(nationName('at')).toBe('Austria');
    expect(nationName('Paesi Bassi')).toBe('Paesi Bassi');
  });
});
