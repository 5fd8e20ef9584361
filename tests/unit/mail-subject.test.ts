import { describe, expect, it } from 'vitest';
import { subjectWithReference } from '@/lib/mail/subject';
import { absolutizeUrls } from '@/lib/mail/render';

describe('the subject reference (spec section 5)', () => {
  it('appends " - RIF.: {id} [CRM]" to a plain subject', () => {
    expect(subjectWithReference('Il tuo preventivo', 'A1B2C3')).toBe('Il tuo preventivo - RIF.: A1B2C3 [CRM]');
  });

  it('leaves a subject with a brace as it is', () => {
    expect(subjectWithReference('Offerta {estate}', 'A1B2C3')).toBe('Offerta {estate}');
    expect(subjectWithReference('Offerta } chiusa', 'A1B2C3')).toBe('Offerta } chiusa');
  });

  it('never marks a newsletter', () => {
    expect(subjectWithReference('Novità 2027', 'A1B2C3', { newsletter: true })).toBe('Novità 2027');
  });
});

describe('links in a mail', () => {
  it('makes the image manager’s relative addresses absolute and leaves the rest alone', () => {
    const html = '<img src="/api/getImage/abc"><a href="https://example.com/x">x</a><a href=\'/visualizzaPreventivo/a/b/c\'>p</a><img src="//cdn.example.com/y.png">';
    expect(absolutizeUrls(html, 'https://crm.example.it/')).toBe(
      '<img src="https://crm.example.it/api/getImage/abc"><a href="https://example.com/x">x</a><a href=\'https://crm.example.it/visualizzaPreventivo/a/b/c\'>p</a><img src="//cdn.example.com/y.png">',
    );
  });
});
