import { describe, expect, it } from 'vitest';
import {
  fillPlaceholders,
  fillPlaceholdersText,
  newsletterPlaceholderError,
  PLACEHOLDERS,
  placeholdersFor,
  placeholderToken,
  quoteOnlyPlaceholders,
  subjectForStaff,
  unknownPlaceholders,
} from '@/lib/templates/placeholders';
import { templateLabel } from '@/lib/templates/template-label';

describe('fillPlaceholders', () => {
  it('fills every known placeholder, with or without spaces inside the braces', () => {
    const html = '<p>Gentile {{nome}} {{ cognome }}, arrivo il {{arrivo}}.</p>';
    expect(fillPlaceholders(html, { nome: 'Anna', cognome: 'Bianchi', arrivo: '28/06/2027' })).toBe('<p>Gentile Anna Bianchi, arrivo il 28/06/2027.</p>');
  });

  it('escapes the values: a guest’s name is data, not markup', () => {
    const filled = fillPlaceholders('<p>{{nome}}</p><a href="{{linkPreventivo}}">x</a>', {
      nome: '<script>alert(1)</script> & "Co" \'s',
      linkPreventivo: 'https://example.test/?a=1&b="2"',
    });
    expect(filled).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot; &#39;s</p><a href="https://example.test/?a=1&amp;b=&quot;2&quot;">x</a>',
    );
    expect(filled).not.toContain('<script>');
  });

  it('leaves an unknown placeholder as written, so a typo shows in the preview', () => {
    expect(fillPlaceholders('Ciao {{nomee}} {{nome_cliente}}', { nome: 'Anna' })).toBe('Ciao {{nomee}} {{nome_cliente}}');
  });

  it('empties a known placeholder that has no value, leaving no gap where it stood', () => {
    expect(fillPlaceholders('<p>Ciao {{nome}}, ecco le novità!</p>', { nome: '' })).toBe('<p>Ciao, ecco le novità!</p>');
    expect(fillPlaceholders('<p>Gentile {{nome}} {{cognome}}, benvenuto</p>', {})).toBe('<p>Gentile, benvenuto</p>');
    expect(fillPlaceholders('<p>Gentile {{nome}} {{cognome}}, benvenuto</p>', { cognome: 'Rossi' })).toBe('<p>Gentile Rossi, benvenuto</p>');
    expect(fillPlaceholders('<p>{{nome}}, ti aspettiamo</p>\n<p>Ciao {{ nome }}!</p>', { nome: '  ' })).toBe('<p>ti aspettiamo</p>\n<p>Ciao!</p>');
  });

  it('drops the sentence of a date it does not have, instead of «con arrivo il .»', () => {
    expect(fillPlaceholders('<p>Dal {{arrivo}} al {{partenza}}</p>', { arrivo: '01/07/2027' })).toBe('<p></p>');
    expect(fillPlaceholders('<p>Gentile {{nome}}, grazie. Con arrivo il {{arrivo}}. Vedi il preventivo.</p>', { nome: 'Anna' })).toBe('<p>Gentile Anna, grazie. Vedi il preventivo.</p>');
    expect(fillPlaceholders('<p>Grazie!</p>\n<p>Arrivo: <b>{{ arrivo }}</b>, partenza: <b>{{partenza}}</b>.</p><p>Valido fino al {{validita}}</p>', { partenza: '08/07/2027' })).toBe(
      '<p>Grazie!</p>\n<p></p><p></p>',
    );
    expect(fillPlaceholders('<p>Valido fino al {{validita}}! A presto.</p>', { validita: '01/06/2027' })).toBe('<p>Valido fino al 01/06/2027! A presto.</p>');
    expect(fillPlaceholders('<a href="https://x.test/?dal={{arrivo}}">Vedi</a>', {})).toBe('<a href="https://x.test/?dal=">Vedi</a>');
    // A subject keeps its words: only the date goes.
    expect(fillPlaceholdersText('Il tuo soggiorno dal {{arrivo}}', {})).toBe('Il tuo soggiorno dal');
  });

  it('does not fill a value that itself looks like a placeholder a second time', () => {
    expect(fillPlaceholders('{{nome}} {{cognome}}', { nome: '{{cognome}}', cognome: 'Rossi' })).toBe('{{cognome}} Rossi');
  });

  it('offers a token for every placeholder that fills back to its value', () => {
    for (const { key } of PLACEHOLDERS) {
      expect(fillPlaceholders(placeholderToken(key), { [key]: 'valore' })).toBe('valore');
    }
  });
});

describe('fillPlaceholdersText', () => {
  it('fills a subject line without escaping', () => {
    expect(fillPlaceholdersText('Preventivo per {{nome}} & famiglia', { nome: 'D’Angelo <Luca>' })).toBe('Preventivo per D’Angelo <Luca> & famiglia');
  });

  it('leaves no gap for a name it does not have', () => {
    expect(fillPlaceholdersText('Offerte d’autunno, {{nome}}', {})).toBe('Offerte d’autunno,');
    expect(fillPlaceholdersText('{{nome}}, le offerte d’autunno', {})).toBe('le offerte d’autunno');
    expect(fillPlaceholdersText('Le offerte per te {{nome}} da {{campeggio}}', { campeggio: 'Lago Azzurro' })).toBe('Le offerte per te da Lago Azzurro');
  });
});

describe('subjectForStaff', () => {
  it('shows what each placeholder stands for instead of its braces', () => {
    expect(subjectForStaff('Offerte d’autunno, {{nome}}')).toBe('Offerte d’autunno, [Nome del cliente]');
    expect(subjectForStaff('{{ campeggio }}: novità {{nomee}}')).toBe('[Nome del campeggio]: novità {{nomee}}');
  });
});

describe('templateLabel', () => {
  it('adds the language to a name only when the name does not already say it', () => {
    expect(templateLabel('Angebot Standard (Deutsch)', 'Deutsch')).toBe('Angebot Standard (Deutsch)');
    expect(templateLabel('Newsletter – novità della stagione', 'Italiano')).toBe('Newsletter – novità della stagione (Italiano)');
    expect(templateLabel('Standard quote (english)', 'English')).toBe('Standard quote (english)');
    expect(templateLabel('Senza lingua', null)).toBe('Senza lingua');
  });
});

describe('placeholdersFor and quoteOnlyPlaceholders', () => {
  it('offers a newsletter only what it can fill, and names what it cannot', () => {
    const newsletter = placeholdersFor('newsletter').map((placeholder) => placeholder.key);
    expect(newsletter).toContain('nome');
    expect(newsletter).toContain('linkDisiscrizione');
    expect(newsletter).not.toContain('arrivo');
    expect(newsletter).not.toContain('linkPreventivo');
    expect(placeholdersFor('quote')).toHaveLength(PLACEHOLDERS.length);
    expect(quoteOnlyPlaceholders('Offerta {{nome}}', '<p>con arrivo il {{arrivo}}, {{arrivo}} <a href="{{linkPreventivo}}">vedi</a> {{ignoto}}</p>')).toEqual(['arrivo', 'linkPreventivo']);
  });

  it('names the placeholders that do not exist, and says which a newsletter may use', () => {
    expect(unknownPlaceholders('Offerta {{ nomee }}', '<p>{{nome}} {{Nome}} {{nomee}}</p>')).toEqual(['nomee', 'Nome']);
    expect(newsletterPlaceholderError('Novità da {{campeggio}}', '<p>Ciao {{nome}}, <a href="{{linkDisiscrizione}}">esci</a></p>')).toBeNull();
    expect(newsletterPlaceholderError('Novità', '<p>Ciao {{ nomee }}</p>')).toMatch(/^Segnaposto sconosciuti: \{\{nomee\}\}\. In una newsletter si possono usare solo \{\{nome\}\}, .*\{\{linkDisiscrizione\}\}: correggili o toglili\.$/);
    expect(newsletterPlaceholderError('<p>con arrivo il {{arrivo}} {{nomee}}</p>')).toContain('{{arrivo}}');
  });
});
