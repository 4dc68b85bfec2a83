/**
 * The live channel: events raised in the writing transaction (events.ts, `raiseLive`) reach every
 * open page that may read their subject over one WebSocket per page (socket.ts, hub.ts), and a
 * socket is checked again when its person's access changes (access.ts). Exposes `raiseLive` and
 * `attachLive`, which the server calls once.
 */
export { raiseLive } from './events';
export { attachLive, type Live } from './socket';
export { LiveHub } from './hub';
export { MAX_SOCKETS_PER_SESSION } from './access';
