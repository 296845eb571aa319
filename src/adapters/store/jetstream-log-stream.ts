/**
 * The tables' JetStream stream (jetstream-log.ts): created if missing — one stream over
 * `<prefix>.*.events`, limits retention, file storage, discard old, message delete and purge
 * denied (an audit copy is not edited; docs/adr/0005-nats-jetstream-for-the-floor.md) — or, if it exists, checked to cover
 * the tables' subjects. Kept apart from the log's reads and publishes, which only use it.
 */
import { DiscardPolicy, RetentionPolicy, StorageType, nanos, type JetStreamManager, type StreamInfo } from 'nats';
import type { JetStreamLogOptions } from './jetstream-log-options.js';
import { ensureStream } from './jetstream-ensure-stream.js';

/** The stream named `streamName` covering `subjectPattern`, created with `options`' limits if it is missing. */
export function ensureLogStream(jsm: JetStreamManager, streamName: string, subjectPattern: string, options: JetStreamLogOptions): Promise<StreamInfo> {
  const config = {
    name: streamName,
    subjects: [subjectPattern],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    discard: DiscardPolicy.Old,
    max_age: nanos(options.maxAgeMs ?? 0),
    max_bytes: options.maxBytes ?? -1,
    duplicate_window: nanos(options.duplicateWindowMs ?? 120_000),
    num_replicas: options.replicas ?? 1,
    deny_delete: true,
    deny_purge: true,
  };
  return ensureStream(jsm, config, (info) => checkStream(info, streamName, subjectPattern));
}

function checkStream(info: StreamInfo, streamName: string, subjectPattern: string): StreamInfo {
  if (!info.config.subjects?.includes(subjectPattern)) {
    throw new Error(`JetStream stream ${streamName} exists but does not cover ${subjectPattern} (subjects: ${info.config.subjects?.join(', ')})`);
  }
  return info;
}
