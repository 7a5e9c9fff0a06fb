import { ValidationError } from '../../infra/errors.js';
import { parseAttendantCsv } from './attendant-csv.js';

const FILE = 'bots/acme.gbai/acme.gbot/attendant.csv';

describe('parseAttendantCsv', () => {
  test('reads the current form, aliases split on semicolons', () => {
    const text = [
      'id,name,channel,preferences,department,aliases,phone,email',
      'att-01,Ana Silva,all,sales,Commercial,ana; silva ;,+351912345678,ana@example.com',
      'att-02,Bruno,WEB,support,,,,',
    ].join('\n');
    expect(parseAttendantCsv(text, FILE)).toEqual([
      { id: 'att-01', name: 'Ana Silva', channel: 'all', preferences: 'sales', department: 'Commercial', aliases: ['ana', 'silva'], phone: '+351912345678', email: 'ana@example.com' },
      { id: 'att-02', name: 'Bruno', channel: 'web', preferences: 'support', department: null, aliases: [], phone: null, email: null },
    ]);
  });

  test('reads the earlier form id,name,channel,phone (BOM, CRLF, quoted cells)', () => {
    const text = '\uFEFFid,name,channel,phone\r\natt-1,"Silva, Ana",mobile_msg,+15550001\r\natt-2,Carla,,\r\n\r\n';
    expect(parseAttendantCsv(text, FILE)).toEqual([
      { id: 'att-1', name: 'Silva, Ana', channel: 'mobile_msg', preferences: null, department: null, aliases: [], phone: '+15550001', email: null },
      { id: 'att-2', name: 'Carla', channel: 'all', preferences: null, department: null, aliases: [], phone: null, email: null },
    ]);
  });

  test('a header only gives no attendants', () => {
    expect(parseAttendantCsv('id,name,channel,phone\n', FILE)).toEqual([]);
  });

  test('reports every bad row with file and line', () => {
    const text = ['id,name,channel,phone', 'a1,Ana,all,1', ',NoId,all,2', 'a1,Again,all,3', 'a4,Short'].join('\n');
    let error: unknown;
    try { parseAttendantCsv(text, FILE); } catch (e) { error = e; }
    expect(error).toBeInstanceOf(ValidationError);
    const v = error as ValidationError;
    expect(v.code).toBe('invalid_attendant_csv');
    expect(v.message).toContain(FILE);
    expect(v.message).toContain('line 3: id is empty');
    expect(v.message).toContain('line 4: id "a1" is already used on line 2');
    expect(v.message).toContain('line 5: expected 4 columns, found 2');
    expect(v.details.issues).toEqual([
      { path: `${FILE}:3`, message: 'id is empty' },
      { path: `${FILE}:4`, message: 'id "a1" is already used on line 2' },
      { path: `${FILE}:5`, message: 'expected 4 columns, found 2' },
    ]);
  });

  test('rejects an unknown or missing header column, and an empty file', () => {
    expect(() => parseAttendantCsv('id,fullname,channel\nx,y,z\n', FILE)).toThrow(/attendant\.csv.*line 1: unknown column "fullname".*line 1: missing column "name"/);
    expect(() => parseAttendantCsv('', FILE)).toThrow(`${FILE}: the file is empty`);
  });

  test('reports malformed CSV quoting with the file name', () => {
    expect(() => parseAttendantCsv('id,name\n"a1,Ana\n', FILE)).toThrow(new RegExp(`^${FILE.replace(/\./g, '\\.')} is not a valid attendant file: .*`));
  });
});
