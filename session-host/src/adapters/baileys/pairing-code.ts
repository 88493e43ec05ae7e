/**
 * Pairing codes, with WhatsApp's refusal reported. rc14's `requestPairingCode` sends the
 * `link_code_companion_reg` iq with `sendNode` and returns the code without awaiting the answer
 * (lib/Socket/socket.js): a refusal (an iq of type error, e.g. 400 for a companion platform WhatsApp
 * does not accept) only shows on the socket's websocket, as Baileys' `CB:iq,type:error` callback
 * (socket.js onMessageReceived). Until the pairing finishes the socket sends no other iq of its own,
 * so an error iq in that window is the pairing's answer. Without this the console shows a code the
 * phone will never accept, and nothing else.
 */
import { getBinaryNodeChild, type BinaryNode } from '@whiskeysockets/baileys';
import type { BaileysSocketLike } from './socket-config';

export async function requestPairingCode(
  socket: BaileysSocketLike,
  phoneNumber: string,
  stillPairing: () => boolean,
  onRefused: (reason: string) => void,
): Promise<string> {
  socket.ws?.on('CB:iq,type:error', (frame: BinaryNode) => {
    if (!stillPairing()) return;
    const error = getBinaryNodeChild(frame, 'error')?.attrs;
    onRefused(`WhatsApp refused the pairing code (${[error?.code, error?.text].filter(Boolean).join(' ') || 'error'})`);
  });
  return socket.requestPairingCode(phoneNumber);
}
