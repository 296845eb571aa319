/**
 * A JetStream stream made sure of: read if it exists, else created — and, when another process created
 * it at the same moment, read again. `check` judges a stream found either way (the tables' log checks
 * that it covers the tables' subjects: jetstream-log-stream.ts; the views' stream takes it as it is:
 * view-fanout/view-stream.ts). docs/adr/0005-nats-jetstream-for-the-floor.md.
 */
import type { JetStreamManager, StreamConfig, StreamInfo } from 'nats';
import { ERR_STREAM_NAME_IN_USE, ERR_STREAM_NOT_FOUND, apiErrorCode } from './jetstream-log-errors.js';

export async function ensureStream(
  jsm: JetStreamManager,
  config: Partial<StreamConfig> & { readonly name: string },
  check: (info: StreamInfo) => StreamInfo = (info) => info,
): Promise<StreamInfo> {
  try {
    return check(await jsm.streams.info(config.name));
  } catch (error) {
    if (apiErrorCode(error) !== ERR_STREAM_NOT_FOUND) throw error;
  }
  try {
    return await jsm.streams.add(config);
  } catch (error) {
    // Another process created it at the same time.
    if (apiErrorCode(error) !== ERR_STREAM_NAME_IN_USE) throw error;
    return check(await jsm.streams.info(config.name));
  }
}
