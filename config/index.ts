// The config area's public surface: everything another folder may import from config/.

/** Thrown when a bot's config.csv has invalid lines; lists them all with file and line. */
export { ConfigError, type ConfigIssue } from './config-error.js';
/**
 * The table of config keys and defaults and the typed config it gives,
 * for code that reads a bot's settings or needs the defaults without a file (tests, new bots).
 */
export {
  ATTENDANT_DESTINATIONS, configSchema, defaultBotConfig, isConfigKey, type AttendantDestinationName, type BotConfig, type ConfigKey,
} from './config-keys.js';
/** The parsed entries of `attendance-skill-rules` (docs/attendance/skills-routing.md). */
export { SKILL_RULE_SOURCES, type SkillRule, type SkillRuleSource } from './skill-rules.js';
/** The workchat provider's public endpoints, the defaults of `workchat-openid-metadata-url` and `workchat-token-url`. */
export { WORKCHAT_OPENID_METADATA_URL, WORKCHAT_TOKEN_URL } from './config-keys.js';
/** Reading one config.csv, for callers that load or reload a single bot. */
export { loadBotConfig, loadConfigLayer, parseBotConfig, type BotConfigFile, type ConfigLayer } from './load-bot-config.js';
/** Start-up loading of every bot package under the bots directory, with per-bot failures. */
export { loadBotPackages, type BotPackageFailure, type LoadedBotPackage } from './bot-packages.js';
/** The process's own settings from environment variables (PORT, DATA_DIR, DATABASE_URL…), parsed once at start-up. */
export { readProcessSettings, SettingsError, type ProcessSettings } from './process-settings.js';
/** The SIP trunks phone calls may come from (SIP_TRUNKS_FILE, docs/channels/rtc-sip.md). */
export { loadSipTrunks, SipTrunksError, type SipTrunk } from './sip-trunks.js';
