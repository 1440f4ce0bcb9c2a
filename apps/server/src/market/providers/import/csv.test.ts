import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, parseCsv } from './csv.ts';

describe('parseCsv (RFC 4180)', () => {
  it('splits plain records on LF and CRLF, with the line each starts on', () => {
    expect(parseCsv('a,b\r\n1,2\n3,4')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['1', '2'] },
      { line: 3, fields: ['3', '4'] },
    ]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks, keeping later line numbers right', () => {
    const records = parseCsv('name,note\n"贵州茅台","a, ""b""\nc"\nx,y\n');
    expect(records).toEqual([
      { line: 1, fields: ['name', 'note'] },
      { line: 2, fields: ['贵州茅台', 'a, "b"\nc'] },
      { line: 4, fields: ['x', 'y'] },
    ]);
  });

  it('drops a byte-order mark and skips empty lines, but keeps empty fields', () => {
    expect(parseCsv('\ufeffa,b\n\n1,\n\n')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 3, fields: ['1', ''] },
    ]);
  });

  it('rejects an unclosed quote and text after a closing quote, naming the line', () => {
    expect(() => parseCsv('a\n"open')).toThrow(CsvSyntaxError);
    // Caught outside the expect, so a parser that stops rejecting the text fails here rather than
    // skipping the check.
    const error = (() => {
      try {
        parseCsv('a,b\n1,"x"y');
      } catch (thrown) {
        return thrown;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(CsvSyntaxError);
    expect(error).toMatchObject({ line: 2, message: expect.stringMatching(/after a closing quote/) });
    expect(() => parseCsv('a,b\n1,x"y"')).toThrow(/quote inside an unquoted field/);
  });
});
