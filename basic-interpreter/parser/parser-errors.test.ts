import { formatParseError, type ParseError } from './parse-errors.js';
import { parse } from './parse.js';

/** The errors of a source, as `line:column message`. */
function errors(source: string): string[] {
  return parse(source, 'bot.bas').errors.map((e) => `${e.line}:${e.column} ${e.message}`);
}

describe('parse errors', () => {
  it('reports every error of a file, each at its line and column', () => {
    const source = [
      'x = (1 + )', //                      1
      'IF x > 1', //                        2
      '  TALK "big"', //                    3
      'END IF', //                          4
      'y = 2 3', //                         5
      'TALK "unfinished', //                6
      'z = 5 § 2', //                       7
      'NEXT', //                            8
      'FOR i = 1 TO 3', //                  9
      '  talk = 1', //                     10
    ].join('\n');
    expect(errors(source)).toEqual([
      '1:10 expected a value but found ")"',
      '2:9 expected THEN after the IF condition',
      '5:7 expected end of line but found "3"',
      '6:6 unterminated string: a string must end with " on the same line',
      '7:7 unknown character "§"',
      '8:1 NEXT without FOR',
      '10:8 TALK is a reserved word and cannot be used as a variable name',
      '10:11 FOR without NEXT (opened on line 9)',
    ]);
  });

  it('formats an error as file:line:col, the source line and a caret under the column', () => {
    const source = 'TALK "hi"\n\tIF ready\n\t  TALK "go"\n\tEND IF';
    const [error] = parse(source, 'bots/shop/start.bas').errors;
    expect(error).toEqual({ file: 'bots/shop/start.bas', line: 2, column: 10, message: 'expected THEN after the IF condition' });
    expect(formatParseError(error as ParseError, source)).toBe(
      'bots/shop/start.bas:2:10: expected THEN after the IF condition\n\tIF ready\n\t        ^',
    );
    const past: ParseError = { file: 'a.bas', line: 3, column: 4, message: 'm' };
    expect(formatParseError(past, 'x = 1\n')).toBe('a.bas:3:4: m\n\n   ^');
  });

  it.each<[string, string, string[]]>([
    ['an IF left open at the end', 'IF a THEN\n  x = 1', ['2:8 IF without END IF (opened on line 1)']],
    ['a FOR left open by a SUB end', 'SUB s\n  FOR i = 1 TO 2\nEND SUB', ['3:1 FOR without NEXT (opened on line 2)']],
    ['an IF closed by its FOR', 'FOR i = 1 TO 2\n  IF a THEN\n    x = 1\nNEXT\nNEXT', ['4:1 IF without END IF (opened on line 2)', '5:1 NEXT without FOR']],
    ['every block kind', 'DO\nWHILE a\nSELECT CASE x\n', [
      '3:14 SELECT CASE without END SELECT (opened on line 3)', '3:14 WHILE without WEND (opened on line 2)', '3:14 DO without LOOP (opened on line 1)',
    ]],
    ['stray closers', 'LOOP\nWEND\nELSE\nELSEIF x THEN\nCASE 1\nEND IF\nEND SELECT\nEND SUB\nEND FUNCTION\nEND TALK\nEND', [
      '1:1 LOOP without DO', '2:1 WEND without WHILE', '3:1 ELSE without IF', '4:1 ELSEIF without IF', '5:1 CASE without SELECT CASE',
      '6:1 END IF without IF', '7:1 END SELECT without SELECT CASE', '8:1 END SUB without SUB', '9:1 END FUNCTION without FUNCTION',
      '10:1 END TALK without BEGIN TALK', '11:1 END must be followed by IF, SELECT, SUB or FUNCTION',
    ]],
    ['ELSE after ELSE', 'IF a THEN\nELSE\nELSE IF b THEN\nEND IF', ['3:1 ELSE IF after the ELSE of this IF (ELSE is on line 2)']],
    ['CASE after CASE ELSE, and code before the first CASE', 'SELECT CASE a\n  x = 1\nCASE ELSE\nCASE 2\nEND SELECT', [
      '2:3 expected CASE: statements in SELECT CASE go under a CASE', '4:1 CASE after CASE ELSE (line 3)',
    ]],
    ['a NEXT naming another variable', 'FOR i = 1 TO 2\nNEXT j', ['2:6 NEXT j does not match FOR i (line 1)']],
    ['a DO with two conditions', 'DO WHILE a\nLOOP UNTIL b', ['1:1 a DO loop has its condition after DO or after LOOP, not both']],
    ['declarations inside blocks', 'IF a THEN\n  SUB s\n  END SUB\n  PARAM p AS STRING\nEND IF', [
      '2:3 SUB must be at the top level of the script, not inside a block', '4:3 PARAM must be at the top level of the script, not inside a block',
    ]],
    ['a procedure defined twice', 'SUB s\nEND SUB\nFUNCTION S\nEND FUNCTION', ['3:1 s is already defined on line 1']],
    ['a line that is not a statement', '5 = x\n= 2', ['1:1 expected a statement but found "5"', '2:1 expected a statement but found "="']],
    ['statements separated by ":"', 'x = 1 : y = 2', ['1:7 ":" cannot separate statements: write one statement per line']],
    ['missing commas and words in keyword phrases', 'SEND MAIL a, b\nADD SUGGESTION "k" "l"\nx = FIND "t" "f"\nCLEAR all', [
      '1:15 expected "," between arguments: SEND MAIL to, subject, body',
      '2:20 expected AS before the label: ADD SUGGESTION "key" AS "label" but found "l"',
      '3:14 expected end of line but found "f"',
      '4:1 unknown statement "CLEAR ALL": did you mean CLEAR KB?',
    ]],
    ['unknown statements: named as written, with the closest keyword', 'CREAT TASK "x"\nSEND EMIAL "a", "b", "c"\nCREATE MEETIN {}\nFOO "x"', [
      '1:1 unknown statement "CREAT TASK": did you mean CREATE TASK?',
      '2:1 unknown statement "SEND EMIAL": did you mean SEND EMAIL?',
      '3:1 unknown statement "CREATE MEETIN": did you mean CREATE MEETING?',
      '4:1 unknown statement "FOO": did you mean FOR?',
    ]],
    ['DELETE with a table and a filter used as a value', 'n = DELETE "t", "f"', [
      '1:5 DELETE "table", "filter" is a statement and gives no value (use DELETE url for HTTP)',
    ]],
    ['bad interpolations, placed inside the string', 'TALK "a ${} b"\nTALK "x ${1 +} y"\nTALK "${a b}"\nTALK "${x"', [
      '1:9 empty ${} in text: put an expression between the braces', '2:14 expected a value but found "}"', '3:11 unexpected "b"',
      '4:6 unterminated ${ in text: missing }',
    ]],
    ['BEGIN TALK without END TALK', 'TALK "a"\nBEGIN TALK\n  hello', ['2:1 BEGIN TALK without END TALK']],
    ['an unknown character in a name', 'preço = 1', ['1:4 unknown character "ç": names may use only the letters A-Z, digits and _']],
    ['NOT after a comparison or calculation (it negates whole comparisons)', 'x = a = NOT b\ny = 2 * NOT b', [
      '1:9 expected a value but found "NOT"', '2:9 expected a value but found "NOT"',
    ]],
  ])('%s', (_, source, expected) => {
    expect(errors(source)).toEqual(expected);
  });

  it('never throws, even on input nested too deeply to read', () => {
    expect(errors(`x = ${'('.repeat(5000)}1`)).toEqual(['1:1 the script is nested too deeply to be read']);
    expect(parse('\u0000\uffff"${"${', 'x.bas').errors.length).toBeGreaterThan(0);
  });
});
