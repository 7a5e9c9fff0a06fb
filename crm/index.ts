/** The crm area's public face: what the routes and the composition root use (docs/architecture.md). */
export { normaliseEmail, normalisePhone, normaliseTags } from './contacts/contact-rules.js';
