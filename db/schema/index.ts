/** Every table of the service; drizzle-kit generates the SQL migrations from these. */
export { users } from './users.js';
export { bots } from './bots.js';
export { sessions } from './sessions.js';
export { messages } from './messages.js';
export { outbox } from './outbox.js';
export { botTableRows, botMemory } from './bot-data.js';
