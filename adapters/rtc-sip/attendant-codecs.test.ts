import { attendantCodecOrder, g711Of } from './attendant-codecs.js';

describe('the attendant leg\'s codecs', () => {
  test('the caller\'s codec comes first, so nothing is transcoded', () => {
    expect(attendantCodecOrder('PCMA')).toEqual(['PCMA', 'PCMU']);
    expect(attendantCodecOrder('PCMU')).toEqual(['PCMU', 'PCMA']);
    expect(attendantCodecOrder(undefined)).toEqual(['PCMU', 'PCMA']);
  });

  test('payload types and MIME types name the G.711 law; anything else is none', () => {
    expect([g711Of(0), g711Of(8), g711Of('audio/PCMU'), g711Of('audio/pcma')]).toEqual(['PCMU', 'PCMA', 'PCMU', 'PCMA']);
    expect([g711Of(111), g711Of('audio/opus'), g711Of(undefined)]).toEqual([undefined, undefined, undefined]);
  });
});
