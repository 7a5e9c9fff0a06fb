import { createContext, useContext, useEffect, useRef } from 'react';
import type { Api } from './api.js';
import type { LiveSocket } from './live-socket.js';
import type { LiveFrame, Me } from './types.js';

/** What every screen of a signed-in console shares: the API, the user, the live socket and its frames. */
export interface ConsoleContext {
  api: Api;
  me: Me;
  live: LiveSocket;
  /** Subscribes to live frames (and to `{type:"reconnected"}` after a socket loss); returns the unsubscribe. */
  onFrame(listener: (frame: LiveFrame) => void): () => void;
  isSupervisor: boolean;
  /** The user signed in on this page just now (false when a reload found the token): see StatusPicker. */
  signedInNow: boolean;
}

export const Console = createContext<ConsoleContext | undefined>(undefined);

export function useConsole(): ConsoleContext {
  const value = useContext(Console);
  if (!value) throw new Error('useConsole outside a signed-in console');
  return value;
}

/** Calls `listener` for every live frame while the component is mounted (the latest listener). */
export function useLiveFrames(listener: (frame: LiveFrame) => void): void {
  const { onFrame } = useConsole();
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => onFrame((frame) => latest.current(frame)), [onFrame]);
}
