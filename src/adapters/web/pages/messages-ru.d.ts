// Types for the tests that read the page's catalogue (the page itself is plain JavaScript; not served).
export declare const MESSAGES_RU: Readonly<Record<string, string | Readonly<Record<string, string>>>>;
