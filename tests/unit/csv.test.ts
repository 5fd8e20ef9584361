import { describe, expect, it } from 'vitest';
import { BOM, csvCell, csvRow, CsvSyntaxError, detectDelimiter, neutralizeFormula, parseCsv, restoreNeutralized } from '@/lib/contacts/csv';
import { guessMapping, normalizeHeader } from '@/lib/contacts/import-mapping';
import { exportFileName } from '@/lib/contacts/export';

describe('writing CSV cells', () => {
  it('quotes cells holding the delimiter, quotes or line breaks, doubling inner quotes', () => {
    expect(csvCell('Rossi')).toBe('Rossi');
    expect(csvCell('Via Roma; 3')).toBe('"Via Roma; 3"');
    expect(csvCell('Il "Bosco"')).toBe('"Il ""Bosco"""');
    expect(csvCell('riga 1\nriga 2')).toBe('"riga 1\nriga 2"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
    expect(csvCell('uno, due')).toBe('uno, due');
    expect(csvCell('uno, due', ',')).toBe('"uno, due"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
  });

  it('neutralises cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=cmd|"/c calc"!A1')).toBe(`"'=cmd|""/c calc""!A1"`);
    expect(csvCell('=cmd')).toBe("'=cmd");
    expect(csvCell('+1+1')).toBe("'+1+1");
    expect(csvCell('+A1')).toBe("'+A1");
    expect(csvCell('+31 ')).toBe('+31 ');
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@x')).toBe("'@x");
    expect(csvCell('\tnascosto')).toBe("'\tnascosto");
    expect(csvCell('\rritorno')).toBe(`"'\rritorno"`);
    expect(neutralizeFormula('Mario')).toBe('Mario');
    expect(neutralizeFormula('mario@example.it')).toBe('mario@example.it');
  });

  it('leaves a phone number as typed: a + followed by digits and spaces runs nothing', () => {
    expect(csvCell('+31')).toBe('+31');
    expect(csvCell('+39 333 1234567')).toBe('+39 333 1234567');
    expect(csvCell('+39 333-1234567')).toBe("'+39 333-1234567");
    expect(csvCell('+')).toBe("'+");
  });

  it('ends each record with CRLF and puts the fields in order', () => {
    expect(csvRow(['a', 'b;c', null])).toBe('a;"b;c";\r\n');
  });

  it('takes the neutralising apostrophe away on import, and only that one', () => {
    expect(restoreNeutralized("'+39")).toBe('+39');
    expect(restoreNeutralized("'=1+1")).toBe('=1+1');
    expect(restoreNeutralized("'Sant'Angelo")).toBe("'Sant'Angelo");
    expect(restoreNeutralized("'")).toBe("'");
  });

  it('names the export file with the day in Europe/Rome', () => {
    // 23:30 UTC on 31 December is already 1 January in Rome.
    expect(exportFileName(new Date('2025-12-31T23:30:00Z'))).toBe('ExportDati_2026-01-01.csv');
    expect(exportFileName(new Date('2026-07-15T10:00:00Z'))).toBe('ExportDati_2026-07-15.csv');
  });
});

describe('parsing CSV (RFC 4180)', () => {
  it('reads semicolons, commas and tabs, choosing the delimiter from the header', () => {
    expect(detectDelimiter('Nome;Cognome;Email\nA;B;C')).toBe(';');
    expect(detectDelimiter('Nome,Cognome,Email\nA;B;C')).toBe(',');
    expect(detectDelimiter('"Nome;x",Cognome,Email')).toBe(',');
    expect(detectDelimiter('Nome\tCognome')).toBe('\t');
    expect(parseCsv('Nome;Cognome\nMario;Rossi').records).toEqual([
      ['Nome', 'Cognome'],
      ['Mario', 'Rossi'],
    ]);
    expect(parseCsv('Nome,Cognome\r\nMario,Rossi\r\n').records).toEqual([
      ['Nome', 'Cognome'],
      ['Mario', 'Rossi'],
    ]);
  });

  it('drops the byte-order mark and blank lines', () => {
    const { records } = parseCsv(`${BOM}Nome;Cognome\r\n\r\nMario;Rossi\r\n\r\n`);
    expect(records).toEqual([
      ['Nome', 'Cognome'],
      ['Mario', 'Rossi'],
    ]);
    expect(records[0][0].charCodeAt(0)).toBe('N'.charCodeAt(0));
  });

  it('reads quoted fields with delimiters, doubled quotes and line breaks', () => {
    const text = 'Nome;Note;Città\n"Rossi; Mario";"Dice ""ciao""\nseconda riga";"Roma"\n"";x;\n';
    expect(parseCsv(text).records).toEqual([
      ['Nome', 'Note', 'Città'],
      ['Rossi; Mario', 'Dice "ciao"\nseconda riga', 'Roma'],
      ['', 'x', ''],
    ]);
  });

  it('keeps a quote inside an unquoted field as text, and refuses a quote never closed', () => {
    expect(parseCsv('a;b\n5" pollici;x').records[1]).toEqual(['5" pollici', 'x']);
    expect(() => parseCsv('a;b\n"aperto;x\n')).toThrow(CsvSyntaxError);
  });

  it('round-trips what the writer produces, formulas included', () => {
    const values = ['=SOMMA(A1)', 'Via "Larga"; 5', 'a\r\nb', '+39', 'Müller'];
    const { records } = parseCsv(BOM + csvRow(['h1', 'h2', 'h3', 'h4', 'h5']) + csvRow(values));
    expect(records[1].map(restoreNeutralized)).toEqual(values);
  });

  it('stops after maxRecords and says whether anything was left', () => {
    const text = 'h\n1\n2\n3\n';
    expect(parseCsv(text, { maxRecords: 2 })).toMatchObject({ records: [['h'], ['1']], truncated: true });
    expect(parseCsv(text, { maxRecords: 4 })).toMatchObject({ truncated: false });
  });
});

describe('guessing the column mapping', () => {
  it('recognises Italian, English and German headers, and our own export', () => {
    expect(normalizeHeader('E-Mail-Adresse')).toBe('emailadresse');
    expect(guessMapping(['Nome', 'Cognome', 'E-mail', 'Telefono', 'Città', 'CAP', 'Lingua', 'Nazione', 'Data creazione'])).toEqual([
      'firstName',
      'lastName',
      'email',
      'phone',
      'city',
      'postalCode',
      'language',
      'nation',
      null,
    ]);
    expect(guessMapping(['First name', 'Last Name', 'Email Address', 'Phone', 'ZIP', 'Country', 'Notes'])).toEqual([
      'firstName',
      'lastName',
      'email',
      'phone',
      'postalCode',
      'nation',
      'notes',
    ]);
    expect(guessMapping(['Vorname', 'Nachname', 'E-Mail', 'Straße', 'PLZ', 'Ort', 'Sprache', 'Land', 'Vorwahl'])).toEqual([
      'firstName',
      'lastName',
      'email',
      'address',
      'postalCode',
      'city',
      'language',
      'nation',
      'phonePrefix',
    ]);
  });

  it('gives a field to the first column only and ignores unknown headers', () => {
    expect(guessMapping(['Email', 'Mail', 'Colore preferito'])).toEqual(['email', null, null]);
  });
});
