import { parseConfigCsv } from './parse-config-csv.js';

const rowsOf = (text: string) => parseConfigCsv(text).rows.map(({ key, value }) => [key, value]);

describe('parseConfigCsv', () => {
  it('skips the name,value header and reads the lines after it', () => {
    expect(rowsOf('name,value\ncrm-enabled,true\n')).toEqual([['crm-enabled', 'true']]);
  });

  it('tolerates a missing header, and accepts the key,value header', () => {
    expect(rowsOf('crm-enabled,true')).toEqual([['crm-enabled', 'true']]);
    expect(rowsOf('Key , Value\ncrm-enabled,true')).toEqual([['crm-enabled', 'true']]);
  });

  it('only treats the first data line as a header', () => {
    expect(parseConfigCsv('crm-enabled,true\nname,value').rows).toEqual([
      { line: 1, key: 'crm-enabled', value: 'true' },
      { line: 2, key: 'name', value: 'value' },
    ]);
  });

  it('splits each line on the first comma only', () => {
    expect(rowsOf('attendance-transfer-keywords,human, agent,person')).toEqual([
      ['attendance-transfer-keywords', 'human, agent,person'],
    ]);
  });

  it('skips comments, blank lines and lines that are just a comma', () => {
    const text = '# comment\nname,value\n\n   \n,\n , \n  # indented comment\ncrm-enabled,false\n';
    expect(parseConfigCsv(text)).toEqual({ rows: [{ line: 8, key: 'crm-enabled', value: 'false' }], issues: [] });
  });

  it('keeps a # inside a value', () => {
    expect(rowsOf('param-tag,#support')).toEqual([['param-tag', '#support']]);
  });

  it('trims keys and values and lower-cases keys', () => {
    expect(rowsOf('  Attendance-Queue-SIZE  ,  42  ')).toEqual([['attendance-queue-size', '42']]);
  });

  it('ignores a UTF-8 BOM and reads CRLF (and CR) line endings', () => {
    const text = '\uFEFFname,value\r\ncrm-enabled,true\r\nattendance-enabled,false\rsip-enabled,true\r\n';
    expect(parseConfigCsv(text).rows).toEqual([
      { line: 2, key: 'crm-enabled', value: 'true' },
      { line: 3, key: 'attendance-enabled', value: 'false' },
      { line: 4, key: 'sip-enabled', value: 'true' },
    ]);
  });

  it('unquotes double-quoted values, keeping commas and inner spaces, "" becoming "', () => {
    expect(rowsOf('a,"human, agent"\nb,"say ""hi"""\nc," padded "\n"D",x')).toEqual([
      ['a', 'human, agent'],
      ['b', 'say "hi"'],
      ['c', ' padded '],
      ['d', 'x'],
    ]);
  });

  it('leaves a value that is not wrapped in quotes as written', () => {
    expect(rowsOf('a,"open\nb,5 "inch"')).toEqual([
      ['a', '"open'],
      ['b', '5 "inch"'],
    ]);
  });

  it('reports a line without a comma, a line without a key and a key set twice, with 1-based lines', () => {
    const text = 'name,value\nattendance-enabled\n,true\ncrm-enabled,true\nCRM-Enabled,false\n';
    expect(parseConfigCsv(text)).toEqual({
      rows: [{ line: 4, key: 'crm-enabled', value: 'true' }],
      issues: [
        { line: 2, key: 'attendance-enabled', message: 'expected "name,value" but the line has no comma' },
        { line: 3, key: '', message: 'missing the name before the first comma' },
        { line: 5, key: 'crm-enabled', message: 'set twice (first on line 4)' },
      ],
    });
  });
});
