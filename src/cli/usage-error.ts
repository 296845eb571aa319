// A mistake in the command line the spec alone cannot catch (two options that exclude each other, a value
// out of range for the rule set): run-shoe.ts prints it as one line with the verb's usage and exits 2.
export class UsageError extends Error {}
