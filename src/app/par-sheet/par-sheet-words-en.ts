// The par sheet's words in English (the catalogue's shape: par-sheet-words-type.ts).
import type { SplitFacts } from '../../analysis/split-exactness.js';
import type { ParSheetWords } from './par-sheet-words-type.js';
import { ruleSentencesEn } from './rule-sentences-en.js';
import { sheetNumbers } from './sheet-numbers.js';

const n = sheetNumbers('en');

function splits(f: SplitFacts): string {
  if (!f.splitAllowed) return 'No splits.';
  const das = f.doubleAfterSplit === 'no' ? 'no doubling after a split' : `doubling after a split${f.doubleAfterSplit === 'acesToo' ? ' (split aces too)' : ''} on each hand's own cards`;
  let text = `Splits to ${f.maxHands} hands (aces to ${f.maxHandsAces}${f.oneCardOnAces ? ', one card each' : ''}), ${das}: exact card removal between the split hands — each hand's cards come off the shoe less the up card, the pair, the resplit cards and the earlier hands' second cards (known to be, or not to be, of the pair's value), whether a hand is resplit following the lineage's count of hands as the round machine does; what the hands draw after that is unseen by the others and, cards being exchangeable, changes nothing (checked against brute force over every order of a small shoe).`;
  if (!f.resplit) text += ' With two hands at most this equals valuing each hand from the shoe less the pair.';
  else if (f.perHandMain !== null && !f.switchGame) text += ` Valuing each hand from the shoe less the pair only (the usual simplification) would give ${n.signed(f.perHandMain, 5)}, ${n.signed(f.exactMain - f.perHandMain, 5)} from the exact figure.`;
  if (f.unequalPairs) text += ' Pairs of two different pictures (which split here whatever their values) keep that simplification: a hand of them may be paired again by a card of another value.';
  return text;
}

function exactnessNote(f: SplitFacts): string {
  const switchNote = f.switchGame
    ? ` Switch: the arrangement is chosen as the player and the simulator choose it (the chart's value of each two-card hand, from the shoe less that hand's cards), then valued with all four of the box's cards out of the shoe — exact for that rule, as what either hand draws later is unseen by the other.${f.perHandMain !== null ? ` Valued by the chart's two-card values instead: ${n.signed(f.perHandMain, 5)}, ${n.signed(f.exactMain - f.perHandMain, 5)} from the exact figure.` : ''}`
    : '';
  return `Naturals, the peek, insurance, even money, surrender and doubling are exact for the shoe's composition; the figure is exact to floating point (~1e-15) where nothing here says otherwise.${switchNote}`;
}

export const en: ParSheetWords = {
  htmlLang: 'en',
  numbers: n,
  sheetTitle: (title) => `Par sheet: ${title}`,
  allTitle: 'Par sheets: every rule set',
  ruleSetTitles: {},
  identification: 'identification',
  identityRows: { product: 'product', ruleFile: 'rule file', strategy: 'strategy', generated: 'generated', machine: 'machine' },
  product: (name, version, commit, modified) => `${name} ${version}, commit ${commit ?? 'unknown (not a git checkout)'}${modified ? ' with local changes to tracked files' : ''}`,
  ruleFile: (path, name, sha) => `${path} (${name}), SHA-256 ${sha}`,
  strategyComputed: 'computed from the rule file by this program',
  strategyFile: (path, sha) => `read from ${path} (SHA-256 ${sha})`,
  generated: (date, command, seconds) => `${date} by ${command}, ${n.fixed(seconds, 1)} s`,
  machine: (host, os, cores, cpu, mem, node) => `${host}: ${os}, ${cores} × ${cpu}, ${n.fixed(mem, 1)} GiB, Node ${node}`,
  signConventionLabel: 'Sign convention.',
  signConvention: 'Return = the player\'s expected net win divided by the initial stake. A positive return is the player\'s edge; a negative return is the house edge (−0.435 % = a house edge of 0.435 %). Return to player (RTP) = 100 % + return.',

  warningTitle: 'WARNING — this game pays the player.',
  warningMain: (rules, x) => `${rules}: the main game returns +${n.pct(x)} to the player (return to player ${n.pct(1 + x)}): the house has no edge, the player has one of ${n.pct(x)}.`,
  warningSideBet: (rules, bet, x) => `${rules}: the ${bet} side bet returns ${n.pct(1 + x)} to the player (over 100 %): the player has an edge of ${n.pct(x)} on it.`,
  paysPlayerFlag: 'PAYS THE PLAYER',
  tablePaysMain: (x, path) => `this table pays the player ${n.signed(x)} on the main game (return to player ${n.pct(1 + x)}): at these rules the player, not the house, has the edge; check the rule file ${path}`,
  tablePaysSideBet: (bet, x, path) => `this table pays the player ${n.signed(x)} on the ${bet} side bet (return to player ${n.pct(1 + x)}, over 100 %): at these rules the player, not the house, has the edge on it; check the rule file ${path}`,

  rulesHeading: 'Rules',
  ruleSentences: ruleSentencesEn,

  returnHeading: 'Return',
  returnColumns: ['bet', 'exact return', 'RTP', 'simulated (95 % interval)', 'sd per unit'],
  betNames: { main: 'main bet', insurance: 'insurance', pairs: 'Pairs', superMatch: 'Super Match', behind: 'bet behind' },
  mainRow: (computed) => `main (${computed ? 'computed' : 'given'} strategy)`,
  insuranceRow: 'insurance (taken on every offer)',
  behindRow: 'behind (follows doubles and splits)',
  naiveRow: (description) => `main, ${description}`,
  naivePlayers: {
    mimicDealer: 'mimic the dealer: hits below 17 (soft 17 too where the dealer hits it); never doubles, splits, surrenders, insures or takes even money',
    neverBust: 'never bust: hits hard 11 or less and soft 17 or less, stands on everything else; never doubles, splits, surrenders, insures or takes even money',
  },
  howExactLabel: 'How exact.',
  howExactLead: 'Off the top of a full shoe, every up card and two-card start weighted by its exact probability.',
  splits,
  exactnessNote,
  simulatedLabel: 'Simulated.',
  simulated: (o) => `${n.int(o.dealt)} rounds × ${o.seats} seat(s) dealt through the production round machine on seeded shoes, each dealt to the deepest cut card below, seed ${o.seed}, ${n.fixed(o.seconds, 1)} s. The figures here count the ${n.int(o.rounds)} rounds that started before the rule set's own cut card (${o.cutCard} of ${o.shoeSize} cards); the interval takes the round as the unit.`,
  sizingAsked: (rounds) => `Size: ${n.int(rounds)} rounds, as asked.`,
  sizingTarget: (target, pilot, pilotInterval, cap) => `Size: enough for a 95 % interval of ±${n.pct(target, 1)} on the main return, from the run's first ${n.int(pilot)} rounds (±${n.pct(pilotInterval)}), which the run then continues${cap === null ? '' : `; capped at ${n.int(cap)} rounds`}.`,

  figuresHeading: 'Figures',
  figureColumns: ['figure', 'value'],
  hitFrequency: 'hit frequency (main bets won, splits and doubles counted as one bet)',
  pushedLost: 'pushed / lost',
  sdPerRound: 'standard deviation per round (a box, in units of a hand\'s initial bet)',
  sdPerUnit: 'standard deviation per initial unit staked',
  volatilityIndex: 'volatility index (1.96 × sd per unit)',
  outcomesHeading: 'Net outcome per round (a box\'s main bet, units of a hand\'s initial bet), simulated',
  outcomeColumns: ['net', 'rounds', 'probability'],
  frequenciesHeading: 'Frequencies',
  frequencyColumns: ['', 'exact', 'simulated'],
  frequencyNames: {
    playerBlackjack: 'player naturals', dealerBlackjack: 'dealer naturals', playerBust: 'player busts', dealerBust: 'dealer busts', push: 'pushes',
    double: 'doubles', split: 'splits', surrender: 'surrenders', evenMoney: 'even money', switch: 'switches', autoPlay: 'auto-plays',
  },
  perHundredHands: (what) => `${what}, per 100 hands`,
  perHundredRounds: (what) => `${what}, per 100 rounds`,

  penetrationHeading: 'Return by penetration (simulated: the same shoes, each round counted for every cut card it started before)',
  penetrationColumns: ['penetration', 'cut card', 'rounds', 'return (95 % interval)'],
  cutCardOf: (cut, size) => `${cut} of ${size}`,
  penetrationNote: (exact) => `Exact, off the top: ${n.signed(exact)}. A cut card deeper than the reserve allows is set at the reserve (the cut-card column says where it went).`,

  sideBetHeading: (bet) => `Side bet ${bet}: every combination, exact`,
  sideBetColumns: ['combination', 'pays', 'probability', 'deals'],
  combinations: {
    mixed: 'mixed pair', coloured: 'coloured pair', perfect: 'perfect pair', suitedTrips: 'suited trips with the up card',
    quads: 'quads', twoPair: 'two pair', trips: 'trips', pair: 'pair', none: 'no combination',
  },
  loses: 'loses',

  summaryColumns: ['rule set', 'rule file SHA-256', 'main, exact', 'main, simulated (95 %)', 'side bets, exact RTP', 'insurance, exact', 'rounds counted', 'warning'],

  strategyHeading: (computed) => `Strategy (${computed ? 'computed' : 'given'})`,
  chartSections: { hard: 'Hard', soft: 'Soft', pairs: 'Pairs', triple: 'Triple' },
  softTotal: (t) => `soft ${t}`,
  hardTotal: (t) => `hard ${t}`,
  chartLetters: { hit: 'H', stand: 'S', double: 'D', split: 'P', surrender: 'R', triple: 'T' },
  cardLabels: { A: 'A', T: 'T', J: 'J', Q: 'Q', K: 'K' },
  chartLegend: { hit: 'H hit', stand: 'S stand', double: 'D double / T triple', split: 'P split', surrender: 'R surrender' },
  chartLegendNote: 'a second letter: the play when the first is not allowed (Dh: double, else hit)',

  outcomeChartTitle: (rules) => `${rules}: distribution of net outcomes per round`,
  outcomeAxis: 'net per round, units of a hand\'s initial bet',
  probabilityAxis: 'probability',
  penetrationChartTitle: (rules) => `${rules}: return by penetration`,
  penetrationAxis: 'penetration (share of the shoe dealt before the cut card)',
  returnAxis: 'return (95 % interval)',
  exactOffTop: (exact) => `exact, off the top ${n.signed(exact)}`,
  strategyChartTitle: (rules) => `${rules}: strategy chart`,
};
