/** FILL's Word, Excel and PDF templates, filled on the script host's side of the host port (docs/basic.md, FILL). */
export { fillDocument } from './fill-document.js';
