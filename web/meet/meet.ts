/**
 * The join page's client (docs/meetings.md, "Join page"), served as `/meet.js` on `/meet/{room}`.
 * Embedded rooms: the browser's own WebRTC, a full mesh between the few participants, signalled
 * over `WS /api/meet/ws` with the token of `POST /api/meet/rooms/{room}/join`. Camera, microphone,
 * screen share, mute and leave. rtc rooms are joined with a LiveKit client: the page shows where.
 */

export {};

interface Access {
  token: string;
  url: string;
  provider: 'embedded' | 'rtc';
  media: 'video' | 'audio';
  title: string;
  ice_servers: RTCIceServer[];
}

type ServerFrame =
  | { type: 'welcome'; id: string; peers: { id: string; name: string }[] }
  | { type: 'peer-joined'; id: string; name: string }
  | { type: 'peer-left'; id: string }
  | { type: 'signal'; from: string; data: { sdp?: RTCSessionDescriptionInit; candidate?: RTCIceCandidateInit } }
  | { type: 'screen'; from: string; on: boolean }
  | { type: 'ended' }
  | { type: 'error'; message: string };

interface Peer {
  pc: RTCPeerConnection;
  name: string;
  pending: RTCIceCandidateInit[];
  tile: HTMLElement;
}

const CLOSE_MESSAGES: Record<number, string> = {
  4401: 'This meeting link is not valid any more. Ask for a new link.',
  4409: 'The meeting is full.',
  4410: 'This meeting has ended or its link has expired.',
};

const roomName = document.body.dataset.room ?? '';
const main = document.getElementById('meet')!;
const peers = new Map<string, Peer>();
let socket: WebSocket | undefined;
let local: MediaStream | undefined;
let screen: MediaStream | undefined;

// Tests and support staff read the connections from here (getStats).
(window as unknown as { __meet: { peers: Map<string, Peer> } }).__meet = { peers };

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

const status = el('p', { id: 'meet-status', role: 'status' });
const videos = el('section', { id: 'meet-videos', ariaLabel: 'Participants' });
const controls = el('div', { id: 'meet-controls', hidden: true });

function say(text: string): void {
  status.textContent = text;
}

function showJoinForm(): void {
  const input = el('input', { id: 'meet-name', name: 'name', value: 'Guest', maxLength: 100, autocomplete: 'name' });
  const label = el('label', { htmlFor: 'meet-name' }, 'Your name ');
  const form = el('form', { id: 'meet-join' }, label, input, el('button', { type: 'submit' }, 'Join'));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    form.remove();
    void join(input.value.trim() || 'Guest');
  });
  main.append(form, status, videos, controls);
}

async function join(name: string): Promise<void> {
  say('Joining…');
  const response = await fetch(`/api/meet/rooms/${encodeURIComponent(roomName)}/join`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }),
  });
  const body = (await response.json()) as Access & { message?: string };
  if (!response.ok) return say(body.message ?? 'This meeting cannot be joined.');
  if (body.provider === 'rtc') {
    return say(`This meeting runs on the real-time server ${body.url}: join it with a LiveKit client and the token this page received.`);
  }
  try {
    local = await navigator.mediaDevices.getUserMedia({ audio: true, video: body.media === 'video' });
  } catch {
    // A denied camera or microphone blocks joining the call (docs/meetings.md, "Embedded").
    return say('Camera or microphone permission was denied: allow it in your browser, then reload this page to join.');
  }
  addTile('me', `${name} (you)`, local, true);
  showControls(body.media);
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  socket = new WebSocket(`${scheme}://${location.host}${body.url}?token=${encodeURIComponent(body.token)}`);
  // Frames are handled one after the other: an offer's answer must be set before the candidates that follow it.
  let handled = Promise.resolve();
  socket.addEventListener('message', (event) => {
    const frame = JSON.parse(String(event.data)) as ServerFrame;
    handled = handled.then(() => onFrame(frame, body.ice_servers)).catch((error: unknown) => say(`Connection problem: ${String(error)}`));
  });
  socket.addEventListener('close', (event) => {
    say(CLOSE_MESSAGES[event.code] ?? 'You left the meeting.');
    hangUp();
  });
  say('Waiting for the others…');
}

async function onFrame(frame: ServerFrame, iceServers: RTCIceServer[]): Promise<void> {
  switch (frame.type) {
    case 'welcome':
      for (const other of frame.peers) {
        const peer = connect(other.id, other.name, iceServers);
        await peer.pc.setLocalDescription(await peer.pc.createOffer());
        send({ type: 'signal', to: other.id, data: { sdp: peer.pc.localDescription!.toJSON() } });
      }
      break;
    case 'peer-joined':
      connect(frame.id, frame.name, iceServers);
      say(`${frame.name} joined.`);
      break;
    case 'signal': {
      const peer = peers.get(frame.from) ?? connect(frame.from, 'Participant', iceServers);
      if (frame.data.sdp) {
        await peer.pc.setRemoteDescription(frame.data.sdp);
        for (const candidate of peer.pending.splice(0)) await peer.pc.addIceCandidate(candidate);
        if (frame.data.sdp.type === 'offer') {
          await peer.pc.setLocalDescription(await peer.pc.createAnswer());
          send({ type: 'signal', to: frame.from, data: { sdp: peer.pc.localDescription!.toJSON() } });
        }
      } else if (frame.data.candidate) {
        if (peer.pc.remoteDescription) await peer.pc.addIceCandidate(frame.data.candidate);
        else peer.pending.push(frame.data.candidate);
      }
      break;
    }
    case 'peer-left': {
      const peer = peers.get(frame.id);
      peer?.pc.close();
      peer?.tile.remove();
      peers.delete(frame.id);
      if (peer) say(`${peer.name} left.`);
      break;
    }
    case 'screen':
      say(frame.on ? `${peers.get(frame.from)?.name ?? 'Someone'} is sharing their screen.` : '');
      break;
    case 'ended':
      say(CLOSE_MESSAGES[4410]!);
      break;
    case 'error':
      say(frame.message);
      break;
  }
}

function connect(id: string, name: string, iceServers: RTCIceServer[]): Peer {
  const pc = new RTCPeerConnection({ iceServers });
  for (const track of local?.getTracks() ?? []) pc.addTrack(track, local!);
  const tile = addTile(id, name, undefined, false);
  const peer: Peer = { pc, name, pending: [], tile };
  pc.addEventListener('icecandidate', (event) => {
    if (event.candidate) send({ type: 'signal', to: id, data: { candidate: event.candidate.toJSON() } });
  });
  pc.addEventListener('track', (event) => {
    const video = tile.querySelector('video')!;
    video.srcObject = event.streams[0] ?? new MediaStream([event.track]);
  });
  peers.set(id, peer);
  return peer;
}

function addTile(id: string, name: string, stream: MediaStream | undefined, mine: boolean): HTMLElement {
  const video = el('video', { autoplay: true, playsInline: true, muted: mine });
  if (stream) video.srcObject = stream;
  const tile = el('figure', { className: 'meet-tile' }, video, el('figcaption', {}, name));
  tile.dataset.peer = id;
  videos.append(tile);
  return tile;
}

function showControls(media: 'video' | 'audio'): void {
  const toggle = (label: string, kind: 'audio' | 'video') => {
    const button = el('button', { type: 'button', ariaPressed: 'false' }, label);
    button.addEventListener('click', () => {
      const off = button.ariaPressed !== 'true';
      for (const track of local?.getTracks() ?? []) if (track.kind === kind) track.enabled = !off;
      button.ariaPressed = String(off);
    });
    return button;
  };
  const leave = el('button', { type: 'button' }, 'Leave');
  leave.addEventListener('click', () => {
    socket?.close(1000, 'left');
    hangUp();
    say('You left the meeting.');
  });
  controls.append(toggle('Mute', 'audio'));
  if (media === 'video') {
    controls.append(toggle('Camera off', 'video'));
    const share = el('button', { type: 'button' }, 'Share screen');
    share.addEventListener('click', () => void toggleScreen(share));
    controls.append(share);
  }
  controls.append(leave);
  controls.hidden = false;
}

async function toggleScreen(button: HTMLButtonElement): Promise<void> {
  if (screen) return stopScreen(button);
  try {
    screen = await navigator.mediaDevices.getDisplayMedia({ video: true });
  } catch {
    return say('Screen sharing was not allowed.');
  }
  const track = screen.getVideoTracks()[0]!;
  track.addEventListener('ended', () => stopScreen(button));
  await replaceVideo(track);
  button.textContent = 'Stop sharing';
  send({ type: 'screen', on: true });
}

function stopScreen(button: HTMLButtonElement): void {
  for (const track of screen?.getTracks() ?? []) track.stop();
  screen = undefined;
  void replaceVideo(local?.getVideoTracks()[0] ?? null);
  button.textContent = 'Share screen';
  send({ type: 'screen', on: false });
}

async function replaceVideo(track: MediaStreamTrack | null): Promise<void> {
  for (const { pc } of peers.values()) {
    for (const sender of pc.getSenders()) if (sender.track?.kind === 'video' || (sender.track === null && track)) await sender.replaceTrack(track);
  }
}

function send(frame: unknown): void {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
}

function hangUp(): void {
  for (const { pc } of peers.values()) pc.close();
  peers.clear();
  for (const track of [...(local?.getTracks() ?? []), ...(screen?.getTracks() ?? [])]) track.stop();
  controls.hidden = true;
}

showJoinForm();
