// How the CLI answers a log it must refuse: one line on stderr, no stack trace; exit 1 when
// the log's integrity is broken (behind its anchor, a broken chain or MAC), 2 when it cannot be read.
import { UnreadableLogError } from '../adapters/store/unreadable-log.js';
import { AnchorFileError } from '../adapters/store/anchor-file.js';
import { LogBehindAnchorError } from '../ports/log-anchor.js';
import { LogIntegrityError } from '../ports/log-integrity.js';
import { LogMismatchError } from '../app/table/log-replayer.js';
import { ChainKeyError } from '../log/chain-mac.js';

export function logRefusalExitCode(err: unknown): number | undefined {
  if (err instanceof UnreadableLogError || err instanceof AnchorFileError || err instanceof ChainKeyError) return 2;
  if (err instanceof LogBehindAnchorError || err instanceof LogIntegrityError || err instanceof LogMismatchError) return 1;
  return undefined;
}
