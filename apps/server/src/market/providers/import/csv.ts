/**
 * A small RFC 4180 reader for vendor files: comma-separated, fields optionally in double quotes with
 * `""` for a quote inside, CRLF or LF line ends, an optional UTF-8 byte-order mark (Excel writes one).
 * Each record keeps the physical line it starts on, so a problem can be reported as `file:line`
 * even when a quoted field spans lines.
 */

export interface CsvRecord {
  /** 1-based line the record starts on. */
  line: number;
  fields: string[];
}

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/** Records in file order; lines that are entirely empty are skipped. */
export function parseCsv(text: string): CsvRecord[] {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  // Whether the current field began with a quote; text after its closing quote is an error.
  let wasQuoted = false;
  let index = 0;

  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === '' && !wasQuoted)) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
    wasQuoted = false;
  };

  while (index < source.length) {
    const char = source[index] as string;
    if (quoted) {
      if (char === '"') {
        if (source[index + 1] === '"') {
          field += '"';
          index += 2;
          continue;
        }
        quoted = false;
        index += 1;
        const next = source[index];
        if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r')
          throw new CsvSyntaxError(line, `unexpected text after a closing quote`);
        continue;
      }
      if (char === '\n') line += 1;
      field += char;
      index += 1;
      continue;
    }
    if (char === '"') {
      if (field !== '')
        throw new CsvSyntaxError(line, 'a quote inside an unquoted field (quote the whole field)');
      quoted = true;
      wasQuoted = true;
      index += 1;
      continue;
    }
    if (char === ',') {
      fields.push(field);
      field = '';
      wasQuoted = false;
      index += 1;
      continue;
    }
    if (char === '\r' || char === '\n') {
      endRecord();
      index += char === '\r' && source[index + 1] === '\n' ? 2 : 1;
      line += 1;
      recordLine = line;
      continue;
    }
    field += char;
    index += 1;
  }
  if (quoted) throw new CsvSyntaxError(recordLine, 'a quoted field is not closed before the end of the file');
  if (field !== '' || fields.length > 0 || wasQuoted) endRecord();
  return records;
}
