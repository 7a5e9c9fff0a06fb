/** The widget's look, scoped to its shadow root so neither the host page nor the widget leaks styles. */
export const WIDGET_CSS = `
:host { all: initial; position: fixed; right: 16px; bottom: 16px; z-index: 2147483000; font: 15px/1.4 system-ui, sans-serif; color: #1a1a1a; }
* { box-sizing: border-box; }
button { font: inherit; cursor: pointer; }
button:focus-visible, textarea:focus-visible, a:focus-visible, .log:focus-visible { outline: 3px solid #f5a623; outline-offset: 2px; }
.launcher { position: relative; width: 56px; height: 56px; border-radius: 50%; border: 0; background: #1f4fd1; color: #fff; display: grid; place-items: center; box-shadow: 0 2px 8px rgba(0,0,0,.3); float: right; }
.badge { position: absolute; top: -4px; right: -4px; min-width: 22px; height: 22px; padding: 0 6px; border-radius: 11px; background: #b00020; color: #fff; font-size: 13px; line-height: 22px; font-weight: 700; }
.panel { width: min(360px, calc(100vw - 32px)); height: min(520px, calc(100vh - 104px)); margin-bottom: 12px; background: #fff; border-radius: 12px; box-shadow: 0 4px 24px rgba(0,0,0,.25); display: flex; flex-direction: column; overflow: hidden; }
.panel[hidden] { display: none; }
header { display: flex; align-items: center; justify-content: space-between; padding: 10px 14px; background: #1f4fd1; color: #fff; }
header h2 { margin: 0; font-size: 16px; }
.status { font-size: 12px; opacity: .9; }
.actions { display: flex; align-items: center; gap: 4px; }
.call-button { background: transparent; border: 0; color: #fff; width: 36px; height: 36px; display: grid; place-items: center; }
.call-button[hidden], .call[hidden] { display: none; }
.call-button:disabled { opacity: .6; cursor: default; }
.call { display: flex; align-items: center; gap: 8px; padding: 6px 12px; background: #e3f4e8; border-bottom: 1px solid #6fbf84; font-size: 13px; }
.call-state { flex: 1; font-weight: 700; color: #1a1a1a; }
.hangup { padding: 4px 12px; border: 0; border-radius: 16px; background: #b00020; color: #fff; }
.meeting { display: inline-block; margin-top: 6px; padding: 4px 12px; border-radius: 16px; background: #1f4fd1; color: #fff; text-decoration: none; }
.close { background: transparent; border: 0; color: #fff; font-size: 22px; width: 36px; height: 36px; }
.log { flex: 1; overflow-y: auto; padding: 12px; }
.log ol { display: flex; flex-direction: column; gap: 8px; margin: 0; padding: 0; list-style: none; }
.line { max-width: 85%; padding: 8px 12px; border-radius: 12px; white-space: pre-wrap; overflow-wrap: anywhere; }
.from-customer { align-self: flex-end; background: #1f4fd1; color: #fff; border-bottom-right-radius: 4px; }
.from-bot { align-self: flex-start; background: #eef1f6; border-bottom-left-radius: 4px; }
.from-attendant { align-self: flex-start; background: #e3f4e8; border: 1px solid #6fbf84; border-bottom-left-radius: 4px; }
.from-system { align-self: center; max-width: 95%; background: #fff8e1; border: 1px dashed #b7860b; font-size: 13px; text-align: center; }
.who { display: block; font-size: 11px; font-weight: 700; color: #2d6a3e; margin-bottom: 2px; }
.menu, .chips, .scores { display: flex; flex-wrap: wrap; gap: 6px; padding: 0 12px 8px; }
.menu button { flex: 1 1 100%; padding: 8px; border: 1px solid #1f4fd1; border-radius: 8px; background: #fff; color: #1f4fd1; text-align: left; }
.chips button, .scores button { padding: 4px 12px; border: 1px solid #1f4fd1; border-radius: 16px; background: #fff; color: #1f4fd1; }
.scores button { min-width: 36px; }
.typing { padding: 0 14px 6px; font-size: 13px; color: #444; min-height: 1.4em; }
form { display: flex; gap: 8px; padding: 8px; border-top: 1px solid #ddd; }
textarea { flex: 1; resize: none; height: 40px; padding: 8px; border: 1px solid #767676; border-radius: 8px; font: inherit; }
.attach { width: 40px; flex: none; display: grid; place-items: center; border: 1px solid #767676; border-radius: 8px; background: #fff; color: #1f4fd1; }
.attach:disabled { cursor: progress; opacity: .6; }
.microphone { width: 40px; flex: none; display: grid; place-items: center; border: 1px solid #767676; border-radius: 8px; background: #fff; color: #1f4fd1; touch-action: none; user-select: none; }
.microphone[hidden], .recording[hidden], textarea[hidden], .speaking[hidden] { display: none; }
.microphone[aria-pressed="true"] { background: #b00020; border-color: #b00020; color: #fff; }
.microphone:disabled { cursor: progress; opacity: .6; }
.recording { flex: 1; min-width: 0; display: flex; align-items: center; gap: 8px; font-size: 13px; color: #b00020; font-weight: 700; }
.meter { flex: 1; height: 10px; border-radius: 5px; background: #e0e0e0; overflow: hidden; border: 1px solid #767676; }
.meter .fill { display: block; height: 100%; width: var(--level, 0%); background: #2d6a3e; transition: width 50ms linear; }
.speaking { display: flex; align-items: center; gap: 8px; padding: 6px 12px; border-top: 1px solid #ddd; font-size: 13px; }
.speaking span { flex: 1; }
.stop { padding: 4px 12px; border: 1px solid #b00020; border-radius: 16px; background: #fff; color: #b00020; }
.attachment.audio { display: block; width: 200px; max-width: 100%; height: 40px; margin-top: 4px; }
.attachment { display: block; margin-top: 4px; color: inherit; text-decoration: underline; }
.attachment.image img { display: block; max-width: 100%; max-height: 180px; border-radius: 8px; background: #fff; }
.send { padding: 0 14px; border: 0; border-radius: 8px; background: #1f4fd1; color: #fff; }
textarea::placeholder { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
@media (max-width: 360px) { form { gap: 6px; padding: 8px 6px; } .attach, .microphone { width: 36px; } .send { padding: 0 10px; } }
.prechat { display: none; flex: 1; flex-direction: column; gap: 10px; padding: 16px; border-top: 0; overflow-y: auto; }
.prechat p { margin: 0; }
.prechat label { display: flex; flex-direction: column; gap: 4px; font-size: 14px; }
.prechat input { height: 40px; padding: 8px; border: 1px solid #767676; border-radius: 8px; font: inherit; }
.prechat input:focus-visible { outline: 3px solid #f5a623; outline-offset: 2px; }
.prechat .send { height: 40px; align-self: flex-end; }
.asking .prechat { display: flex; }
.asking .log, .asking .typing, .asking .options, .asking .compose { display: none; }
.cobrowse { width: min(360px, calc(100vw - 32px)); margin-bottom: 12px; padding: 12px 14px; background: #fff; border: 2px solid #d4145a; border-radius: 12px; box-shadow: 0 4px 24px rgba(0,0,0,.25); }
.cobrowse[hidden] { display: none; }
.cobrowse h3 { margin: 0 0 6px; font-size: 15px; }
.cobrowse p { margin: 0 0 10px; font-size: 13px; }
.cobrowse .buttons { display: flex; gap: 8px; justify-content: flex-end; }
.cobrowse button { padding: 6px 14px; border-radius: 16px; border: 1px solid #1f4fd1; background: #fff; color: #1f4fd1; }
.cobrowse button.allow, .cobrowse button.stop-sharing { border-color: #b00020; background: #b00020; color: #fff; }
.cobrowse.sharing { display: flex; align-items: center; gap: 8px; padding: 8px 12px; }
.cobrowse.sharing span { flex: 1; font-size: 13px; font-weight: 700; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;
