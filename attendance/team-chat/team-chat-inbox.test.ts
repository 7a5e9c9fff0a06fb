import { commandLine } from './team-chat-inbox.js';

test('a slash command under one name for all runs the command it names; a command under its own name stays', () => {
  expect(commandLine('/take 1b4e28ba-2fa1-11d2-883f-0016d3cca427')).toBe('/take 1b4e28ba-2fa1-11d2-883f-0016d3cca427');
  expect(commandLine('/switchboard queue')).toBe('/queue');
  expect(commandLine('/sb /resolve')).toBe('/resolve');
  expect(commandLine('/switchboard')).toBe('/help');
  expect(commandLine('plain text for the customer')).toBe('plain text for the customer');
});
