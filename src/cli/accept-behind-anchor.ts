// `shoe start --accept-log-behind-anchor NAME --reason TEXT`: an operator's decision to start
// a table whose log is behind, or differs from, its newest anchor. Who and why go on the log.
import type { AcceptLogBehindAnchor } from '../composition/log-guard.js';
import { UsageError } from './usage-error.js';
import type { CommandArgs, OptionSpecs } from './command-spec.js';

export function acceptBehindAnchorOf(args: CommandArgs<OptionSpecs>): AcceptLogBehindAnchor | undefined {
  const by = args.options.get('accept-log-behind-anchor');
  const reason = args.options.get('reason');
  if (by === undefined) {
    if (reason !== undefined) throw new UsageError('--reason goes with --accept-log-behind-anchor NAME');
    return undefined;
  }
  if (by.trim() === '') throw new UsageError('--accept-log-behind-anchor takes the name of who decides');
  if (reason === undefined || reason.trim().length < 3) throw new UsageError('--accept-log-behind-anchor NAME needs --reason TEXT (why the log may go on behind its anchor; it is recorded on the log)');
  return { by: by.trim(), reason: reason.trim() };
}
