import { matchCustomerName } from './invite-target.js';

const held = [
  { session_id: 's-1', name: 'Maria Souza', keys: ['3f9a2c', 'visitor-1', 'maria@example.com', null] },
  { session_id: 's-2', name: 'João Lima', keys: ['7b1e0d', 'visitor-2', null, '+5511987650001'] },
  { session_id: 's-3', name: 'web · 9c8d7e', keys: ['9c8d7e', 'visitor-3', null, null] },
];
const ids = (wanted: string, customers = held) => matchCustomerName(customers, wanted).map((c) => c.session_id);

describe('@name of a command', () => {
  test('the whole display name or another key, ignoring case', () => {
    expect(ids('maria souza')).toEqual(['s-1']);
    expect(ids('MARIA@EXAMPLE.COM')).toEqual(['s-1']);
    expect(ids('+5511987650001')).toEqual(['s-2']);
    expect(ids('9c8d7e')).toEqual(['s-3']);
    expect(ids('nobody')).toEqual([]);
    expect(ids('  ')).toEqual([]);
  });

  test('the first name alone when one customer has it; every customer who has it when several do', () => {
    expect(ids('Maria')).toEqual(['s-1']);
    expect(ids('joão')).toEqual(['s-2']);
    const twoMarias = [...held, { session_id: 's-4', name: 'Maria Lima', keys: [] }];
    expect(ids('maria', twoMarias)).toEqual(['s-1', 's-4']);
    // A whole name still picks one of them.
    expect(ids('Maria Lima', twoMarias)).toEqual(['s-4']);
  });
});
