// The shape of the pages' message files (docs/adr/0008-page-language.md).

/** A message: text with `{name}` places, or one text per CLDR plural category (Intl.PluralRules), chosen by `count`. */
export type Message = string | Readonly<Partial<Record<Intl.LDMLPluralRule, string>>>;

/** A language's words by key. */
export type Catalogue = Readonly<Record<string, Message>>;

/** The values put into a message by name. */
export type MessageParams = Readonly<Record<string, unknown>>;
