/**
 * CSV both ways, RFC 4180 with the habits of Italian spreadsheets: ';' or ',' between fields,
 * fields in double quotes (a quote inside doubled), CRLF, LF or CR between records, an optional
 * UTF-8 byte-order mark. Pure functions: the import page uses the parser in the browser for its
 * preview, the server parses the same text again.
 */

export const BOM = '\uFEFF';
export type Delimiter = ';' | ',' | '\t';

/** The delimiter of the first record: the candidate seen most often outside quotes. */
export function detectDelimiter(text: string): Delimiter {
  const counts: Record<Delimiter, number> = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  for (let i = text.startsWith(BOM) ? 1 : 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char in counts) counts[char as Delimiter]++;
  }
  if (counts[';'] === 0 && counts[','] === 0 && counts['\t'] > 0) return '\t';
  return counts[';'] >= counts[','] && counts[';'] > 0 ? ';' : ',';
}

export type ParseOptions = { delimiter?: Delimiter; /** Stop after this many records (the caller refuses the file). */ maxRecords?: number };
export type ParseResult = { records: string[][]; delimiter: Delimiter; /** True when maxRecords stopped the parser early. */ truncated: boolean };

export class CsvSyntaxError extends Error {
  constructor(readonly record: number) {
    super(`Il file CSV non è valido: le virgolette aperte alla riga ${record} non vengono mai chiuse.`);
    this.name = 'CsvSyntaxError';
  }
}

/**
 * Records of the text. A quote inside an unquoted field is kept as text (lenient, as spreadsheets
 * are); a quoted field left open at the end of the text is an error. Blank lines are skipped.
 */
export function parseCsv(input: string, options: ParseOptions = {}): ParseResult {
  const text = input.startsWith(BOM) ? input.slice(1) : input;
  const delimiter = options.delimiter ?? detectDelimiter(text);
  const max = options.maxRecords ?? Number.POSITIVE_INFINITY;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  /** Something of the current field was read (a quote counts): a quote after that is plain text. */
  let fieldTouched = false;
  /** Something of the current record was read: an untouched record is a blank line. */
  let recordTouched = false;
  let openedAt = 0;

  const endField = () => {
    record.push(field);
    field = '';
    fieldTouched = false;
  };
  const endRecord = () => {
    endField();
    if (recordTouched) records.push(record);
    record = [];
    recordTouched = false;
  };

  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
      continue;
    }
    if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      if (records.length >= max) return { records, delimiter, truncated: text.slice(i + 1).trim() !== '' };
      continue;
    }
    recordTouched = true;
    if (char === delimiter) {
      endField();
    } else if (char === '"' && !fieldTouched) {
      quoted = true;
      fieldTouched = true;
      openedAt = records.length + 1;
    } else {
      field += char;
      fieldTouched = true;
    }
  }
  if (quoted) throw new CsvSyntaxError(openedAt);
  if (recordTouched) endRecord();
  return { records, delimiter, truncated: false };
}

/** Characters that make a spreadsheet read a cell as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A leading + followed only by digits and spaces is a phone number («+31», «+39 333 1234567»): nothing a spreadsheet could run. */
const PHONE_NUMBER = /^\+[0-9][0-9 ]*$/;

/**
 * A cell that would start a formula gets a leading apostrophe, so the spreadsheet shows it as
 * text; a phone number stays as typed (an apostrophe would end up in the guest's number).
 */
export function neutralizeFormula(value: string): string {
  return FORMULA_START.test(value) && !PHONE_NUMBER.test(value) ? `'${value}` : value;
}

/** The apostrophe added by neutralizeFormula, taken away again when our own export is imported. */
export function restoreNeutralized(value: string): string {
  return value.length > 1 && value[0] === "'" && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

/** One cell: neutralised, then quoted when it holds the delimiter, a quote or a line break. */
export function csvCell(value: string | number | null | undefined, delimiter: Delimiter = ';'): string {
  const safe = neutralizeFormula(value === null || value === undefined ? '' : String(value));
  return safe.includes(delimiter) || /["\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One record, CRLF-terminated as RFC 4180 and Excel want it. */
export function csvRow(values: (string | number | null | undefined)[], delimiter: Delimiter = ';'): string {
  return `${values.map((value) => csvCell(value, delimiter)).join(delimiter)}\r\n`;
}
