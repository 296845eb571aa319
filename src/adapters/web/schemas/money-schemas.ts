// What GET /api/rounds/{round}/transactions answers (docs/web-api.md, "Reading"): a round's wallet
// transactions as src/app/money/wallet-transaction.ts derives them from the log.
import { z } from 'zod';
import { refusals } from './refusal-schemas.js';

export const roundParamsSchema = z.object({
  round: z.string()
    .regex(/^0*[1-9]\d{0,14}$/, { error: (issue) => `round takes a whole number, 1 or more, not ${JSON.stringify(issue.input)}` })
    .describe('The round\'s number, from 1'),
});

export const walletTransactionSchema = z.object({
  id: z.string().describe('`<table>:<seq>:<n>`: the log position of the fact that caused it and the n-th (from 0) transaction of that fact; the same for every reader, for good'),
  table: z.string(),
  round: z.number().int(),
  seat: z.number().int(),
  hand: z.number().int().describe('The hand the money rides on; 0 for side bets, insurance and bets made while betting is open'),
  player: z.string(),
  bet: z.enum(['main', 'behind', 'insurance', 'pairs', 'superMatch']),
  type: z.enum(['debit', 'refund', 'credit', 'reverse']).describe('debit: a stake taken; refund: a bet withdrawn while betting is open; credit: a settlement line paid (stake + net, 0 for a loss); reverse: a debit a void rolls back'),
  amount: z.number().int().min(0).describe('Integer minor units'),
  currency: z.string().describe('ISO 4217: the table file\'s `currency`'),
  debits: z.array(z.string()).optional().describe('The debits a refund, credit or reverse settles (absent on a debit)'),
  seq: z.number().int().describe('The log position of the fact that caused it'),
  wallTime: z.string(),
}).meta({ id: 'WalletTransaction', description: 'One movement of a player\'s money, derived from the log (docs/event-log.md, "Transactions")' });

export const roundTransactionsSchema = z.object({
  round: z.number().int(),
  transactions: z.array(walletTransactionSchema).describe('In log order'),
}).meta({ id: 'RoundTransactions', description: 'A round\'s wallet transactions, so far when the round is still open' });

/** 400: a round that is not a whole number ≥ 1; 404: a round the log does not have. */
export const roundTransactionsResponses: Record<number, z.ZodType> = { 200: roundTransactionsSchema, ...refusals(400, 401, 403, 404) };
