/**
 * The widget's side of co-browse as the visitor's socket calls it (docs/attendance/co-browse.md):
 * the relay of visitor-cobrowse.ts, and, with a recorder, the copy a bot with
 * `cobrowse-keep-recordings` keeps of what was relayed. `stopped` is the socket telling that the
 * co-browse is over for a reason the relay did not see (the attendant stopped it).
 */
import { ATTENDANCE_LIVE_TOPIC } from '../live/live-events-listener.js';
import type { LiveDelivery } from '../live/live-events.js';
import type { CobrowseRecorder } from './cobrowse-recording.js';
import {
  acceptCobrowse, declineCobrowse, endCobrowseByVisitor, relayCobrowseEvents, type CobrowseEventsPart, type CobrowseParty, type VisitorCobrowseDeps,
} from './visitor-cobrowse.js';

export function visitorCobrowsePort(deps: VisitorCobrowseDeps & { recorder?: CobrowseRecorder }) {
  const { recorder } = deps;
  // A kept co-browse tells the attendant's and the supervisors' consoles, whose open transcript then shows its message.
  const finish = async (party: CobrowseParty) => {
    if (!(await recorder?.finish(party))) return;
    const delivery: LiveDelivery = {
      recipients: { user_ids: [party.attendantId], supervisors: true },
      frame: { type: 'cobrowse_kept', session_id: party.sessionId, cobrowse_id: party.cobrowseId, at: deps.now().toISOString() },
    };
    await deps.bus.publish(ATTENDANCE_LIVE_TOPIC, delivery);
  };
  return {
    async accept(party: CobrowseParty): Promise<boolean> {
      const started = await acceptCobrowse(deps, party);
      if (started) await recorder?.start(party);
      return started;
    },
    decline: (party: CobrowseParty) => declineCobrowse(deps, party),
    async events(party: CobrowseParty, part: CobrowseEventsPart): Promise<boolean> {
      const relayed = await relayCobrowseEvents(deps, party, part);
      if (relayed) recorder?.add(party, part);
      else await finish(party);
      return relayed;
    },
    async end(party: CobrowseParty): Promise<void> {
      await endCobrowseByVisitor(deps, party);
      await finish(party);
    },
    stopped: finish,
  };
}
