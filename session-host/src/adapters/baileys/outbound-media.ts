/**
 * The file of an outbound message, read from S3; a voice note WhatsApp would not play (anything but
 * Ogg/Opus, e.g. a browser's WebM) is converted first, or the send is refused with a reason the console shows.
 */
import type { MediaStore } from '../../media/media-store';
import {
  ffmpegTranscoder,
  isOggOpus,
  OGG_OPUS,
  UnsupportedFormatError,
  type VoiceNoteTranscoder,
} from '../../media/voice-notes';
import { SendRefusedError, type SendCommand } from '../channel-adapter';

export async function outboundMedia(
  command: SendCommand,
  media: MediaStore,
  transcode: VoiceNoteTranscoder | undefined,
): Promise<{ media?: SendCommand['media']; bytes?: Buffer }> {
  if (!command.media) return {};
  const stored = (await media.get(command.media.key)).body;
  if (!command.media.voiceNote || isOggOpus(command.media.mimetype)) return { media: command.media, bytes: stored };
  try {
    const bytes = await (transcode ?? ffmpegTranscoder())(stored, command.media.mimetype);
    return { media: { ...command.media, mimetype: OGG_OPUS }, bytes };
  } catch (err) {
    if (err instanceof UnsupportedFormatError)
      throw new SendRefusedError('unsupported-format', 'ERR_SENDING_WAPP_MSG', err.message);
    throw err;
  }
}
