// `shoe reconcile`'s report in words: one line per problem, then the summary (docs/operations.md, "The
// reference wallet and reconciliation"). Money as every verb prints it (../audit/money-text.ts).
import { majorUnits } from '../audit/money-text.js';
import { PROBLEM_KINDS, type LedgerSide, type LogSide, type ReconcileProblem, type ReconcileSummary } from './reconciliation.js';

const logText = (log: LogSide): string => `${log.type} ${majorUnits(log.amount)} for ${log.player}, round ${log.round}`;

/** A ledger entry as it reads: its type and amount, or the balance movement it records when it has no type. */
function ledgerText(ledger: LedgerSide): string {
  return ledger.type !== undefined ? `${ledger.type} ${majorUnits(ledger.amount)}` : `${majorUnits(ledger.effect, { signed: true })} to the balance`;
}

function unknownWhy(problem: Extract<ReconcileProblem, { kind: 'unknown' }>, table: string): string {
  if (problem.table === undefined) return `this log of table ${table} has no transaction of that id`;
  if (problem.table === null) return `not a transaction id of the form <table>:<seq>:<n>`;
  return `an id of table ${problem.table}, not of this log's table ${table}: is this the right ledger, or a ledger of several tables?`;
}

export function problemLine(problem: ReconcileProblem, table: string): string {
  switch (problem.kind) {
    case 'missing':
      return `missing   ${problem.id}: ${logText(problem.log)}: on the log, not in the ledger`;
    case 'doubled':
      return `doubled   ${problem.id}: line ${problem.ledger.line} repeats line ${problem.firstLine} (${ledgerText(problem.ledger)}): in the ledger twice`;
    case 'different':
      return `different ${problem.id}: the ledger's line ${problem.ledger.line} has ${ledgerText(problem.ledger)}, the log ${logText(problem.log)}`;
    case 'unknown':
      return `unknown   ${problem.id}: line ${problem.ledger.line} (${ledgerText(problem.ledger)}): in the ledger, not on the log: ${unknownWhy(problem, table)}`;
  }
}

export function summaryLine(summary: ReconcileSummary): string {
  const sizes = `${summary.logTransactions} transactions on the log, ${summary.ledgerEntries} entries in the ledger`;
  const net = `net difference ${majorUnits(summary.netDifference, { signed: true })} (the ledger's balance movements less the log's)`;
  if (summary.clean) return `reconciled ${summary.table}: clean: ${sizes}; ${net}`;
  const counts = PROBLEM_KINDS.map((kind) => `${summary.problems[kind]} ${kind}`).join(', ');
  return `reconciled ${summary.table}: ${counts}; ${sizes}; ${net}`;
}
