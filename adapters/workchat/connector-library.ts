/**
 * What a delivery to the workchat connector takes from the provider's library, in one module the
 * adapter imports with its first delivery: the library is a few hundred modules, and a deployment
 * without workchat never needs them (docs/performance.md, "Start-up").
 */
export { Activity } from '@microsoft/agents-activity';
export { callConnector } from './call-connector.js';
export { guardedConnectorClient } from './guarded-connector.js';
