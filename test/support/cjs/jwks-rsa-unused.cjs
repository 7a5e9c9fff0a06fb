/* global module */
// Jest on Node 20 cannot require() an ES module, and jwks-rsa requires jose (ESM only).
// @microsoft/agents-hosting loads jwks-rsa for its JWT middleware, which Switchboard does not use
// (adapters/workchat/verify-token.ts checks tokens with jose). Node itself loads the real package.
module.exports = function jwksRsaUnused() {
  throw new Error('jwks-rsa is not available under jest: adapters/workchat/verify-token.ts checks workchat tokens');
};
