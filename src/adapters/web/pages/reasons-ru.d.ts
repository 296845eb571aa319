// Types for the tests that read the page's catalogue (the page itself is plain JavaScript).
export declare const REASONS_RU: Readonly<Record<string, string | Readonly<Record<string, string>>>>;
