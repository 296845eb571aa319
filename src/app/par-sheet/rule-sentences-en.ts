// A rule set in English sentences, for the par sheet: every field that changes the game's return.
import type { Ratio, RuleSet, UpCardClass } from '../../rules/rule-set.js';

const r = ([n, d]: Ratio) => `${n}:${d}`;
const classes = (c: readonly UpCardClass[]) => c.map((x) => (x === 'ace' ? 'an ace' : 'a ten')).join(' or ');

export function ruleSentencesEn(rules: RuleSet): string[] {
  const d = rules.deck;
  const size = d.ranks.length * d.suits.length;
  const lines: string[] = [];
  const values = Object.entries(d.values).map(([rank, v]) => `${rank}=${v}`).join(' ');
  lines.push(`${d.decks} deck${d.decks > 1 ? 's' : ''} of ${size} cards${size !== 52 ? ` (${d.ranks.join(' ')}${values ? `; ${values}` : ''})` : ''}; ${rules.seats} seats${rules.boxes.handsPerBox > 1 ? `, ${rules.boxes.handsPerBox} hands a box` : ''}.`);
  const dl = rules.dealer;
  lines.push(`Dealer ${dl.hitSoft17 ? 'hits' : 'stands on'} soft 17${rules.hand.maxCards ? `, stops at ${rules.hand.maxCards} cards` : ''}; ${dl.holeCard ? `hole card, peeks for blackjack with ${classes(dl.peekOn)} up` : `no hole card: a dealer blackjack takes ${rules.blackjack.dealerBlackjackTakes === 'all' ? 'every stake, doubles and splits too' : 'the original bet only'}`}${dl.push22 ? '; a dealer 22 pushes every hand but a blackjack' : ''}.`);
  const bj = rules.blackjack;
  const extras = [
    bj.suitedPays ? `suited blackjack ${r(bj.suitedPays)}` : null,
    bj.pairOfAcesBeatsAll ? 'a two-card pair of aces beats everything and is paid as a blackjack' : null,
    bj.pictureCardsCount ? `${bj.pictureCardsCount} picture cards count as blackjack` : null,
    rules.hand.threeSevensPays ? `three sevens pay ${r(rules.hand.threeSevensPays)}` : null,
    bj.evenMoneyAgainst.length > 0 ? `even money offered against ${classes(bj.evenMoneyAgainst)}` : null,
  ].filter((x) => x !== null);
  lines.push(`Blackjack pays ${r(bj.pays)}${bj.settle === 'endOfRound' ? ' at the end of the round' : ''}${extras.length ? `; ${extras.join('; ')}` : ''}. Wins pay ${r(rules.payouts.win)}.`);
  const db = rules.double;
  lines.push(db.allowed
    ? `Double on two cards${db.forbidWithAce ? ' without an ace' : ''}${db.forbidOn21 ? ' not totalling 21' : ''}${db.afterSplit ? ', after a split too' : ', not after a split'}${db.afterSplitAces ? ' (split aces included)' : ''}${db.forLess ? ', for less' : ''}${db.triple ? '; triple (a further stake for one more card)' : ''}.`
    : 'No double.');
  const sp = rules.split;
  lines.push(sp.allowed ? `Split pairs to ${sp.maxHands} hands, aces to ${sp.maxHandsAces}${sp.oneCardOnAces ? ', one card to each split ace' : ''}.` : 'No split.');
  lines.push(rules.surrender.allowed ? `Surrender (half the bet) on the first two cards${rules.surrender.notAgainst.length ? `, not against ${classes(rules.surrender.notAgainst)}` : ''}.` : 'No surrender.');
  lines.push(rules.insurance.offered ? `Insurance ${r(rules.insurance.pays)} on an up ace${rules.insurance.partial ? ', up to half the stake' : ', half the stake'}.` : 'No insurance.');
  if (rules.switch.allowed) lines.push('Switch: the second cards of the box\'s two hands may be exchanged before any other action; a switched A+10 is 21.');
  if (rules.boxes.betBehind) lines.push('Bet behind a seated player (here following every double and split).');
  const sb = rules.sideBets;
  if (sb.pairs) lines.push(`Pairs side bet: mixed ${r(sb.pairs.mixed)}, coloured ${r(sb.pairs.coloured)}, perfect ${r(sb.pairs.perfect)}, suited trips with the up card ${r(sb.pairs.suitedTrips)}.`);
  if (sb.superMatch) lines.push(`Super Match on the box's four cards: quads ${r(sb.superMatch.quads)}, two pair ${r(sb.superMatch.twoPair)}, trips ${r(sb.superMatch.trips)}, pair ${r(sb.superMatch.pair)}.`);
  return lines;
}
